import { isAbsolute, normalize } from 'node:path';
import { z } from 'zod';
import { AgentTrackError, issueMessage } from '../../core/index.js';
import { toolsConfigSchema } from './schema.js';

/**
 * `agent-track.product.yaml`, the manifest at the root of a product under test (DESIGN.md "The
 * product under test"). Strict at every level: an unknown key is refused by name. One schema for
 * every reader: the agent's full loader (`loadProduct`) and the tool roles read from a manifest
 * (`loadToolRoles`, `metrics --tools`).
 */

/** The file name a product's root holds. */
export const PRODUCT_MANIFEST_FILE = 'agent-track.product.yaml';

const commandSchema = z.array(z.string().min(1)).min(1);

/** A path inside the product root: relative, without `..` segments. */
const relativePathSchema = z
  .string()
  .min(1)
  .refine((path) => !isAbsolute(path) && normalize(path) !== '.' && !path.split(/[\\/]/).includes('..'), {
    message: 'must be a path inside the product root (relative, no `..`)',
  });

/**
 * A server over Streamable HTTP: its MCP endpoint, the command that starts it (absent: one already
 * running, a remote URL), and request headers whose `${NAME}` parts are environment variables read
 * when connecting (a key is named, never written). `{port}` in `url` and `command` is a free port
 * picked at each start.
 */
export const httpServeSchema = z
  .object({
    url: z.string().min(1),
    command: commandSchema.optional(),
    headers: z.record(z.string().min(1), z.string()).optional(),
  })
  .strict();

/** The text artifacts an optimizer may edit; paths relative to the product root. */
export const productArtifactsSchema = z
  .object({
    /** The tool descriptions the server serves (the reference server's `--tool-docs`). */
    tool_docs: z.string().min(1).optional(),
    /** The how-to-use-the-tools text appended to the system prompt (needed to run the agent on it). */
    usage_skill: z.string().min(1).optional(),
    /** The agent's system prompt (needed to run the agent on it). */
    ask_prompt: z.string().min(1).optional(),
  })
  .strict();

export const productManifestSchema = z
  .object({
    name: z.string().min(1),
    /** Shell command run once per worktree before anything else (`npm ci && npm run build`); `null`: none. */
    setup: z.string().min(1).nullable().optional(),
    /**
     * What `setup`'s build step (after its install) writes, relative to the root (`[dist]`): a
     * campaign keeps them by commit tree and copies them into a later worktree of the same tree
     * instead of building again. Name every file the build writes that the product runs.
     */
    setup_outputs: z.array(relativePathSchema).min(1).optional(),
    /**
     * What that build step reads (`[src, scripts, package.json]`): the cache key is these paths'
     * contents at the commit instead of its whole tree, so commits that differ elsewhere (a
     * config the server reads at run time) share one build. Name everything the build reads.
     */
    setup_inputs: z.array(relativePathSchema).min(1).optional(),
    /**
     * The MCP server: a command speaking stdio, or `{url, command?, headers?}` for Streamable HTTP;
     * placeholders `{config}`, `{workspace}`, `{corpus}`, `{tool_docs}` (and `{port}` over HTTP).
     */
    serve: z.union([commandSchema, httpServeSchema]),
    /** Builds a workspace; placeholders `{corpus}`, `{workspace}` and `{config}`. */
    index: commandSchema.optional(),
    /** The harness entry a campaign arm runs inside the worktree. */
    harness: commandSchema.optional(),
    /** Absent for a product whose own harness builds its prompts (a campaign arm's). */
    artifacts: productArtifactsSchema.default({}),
    /** Tool roles the trajectory metrics need (keys left out take the reference server's). */
    tools: toolsConfigSchema.optional(),
    /**
     * What a server may be shared across. `task` (the default, right for a server nothing is known
     * of): a fresh server per rollout, started ahead of need. `corpus`: it keeps no state between
     * calls, so one server per arm and corpus serves rollout after rollout (a runner keeps it
     * across the rollouts it runs); one that dies is replaced and its rollout runs again.
     */
    isolation: z.enum(['task', 'corpus']).default('task'),
  })
  .strict();

export type HttpServe = z.infer<typeof httpServeSchema>;
export type ProductArtifacts = z.infer<typeof productArtifactsSchema>;
export type ProductManifest = z.infer<typeof productManifestSchema>;

/**
 * A manifest's YAML value checked against the one schema (`PRODUCT_MANIFEST_INVALID`, naming each
 * key and `file`). The agent's loader then checks what needs the product root (placeholders,
 * artifacts).
 *
 * @example
 * validateProductManifest({ name: 'p', serve: ['node', 'server.js'], tools: { search: ['grep'] } }, 'agent-track.product.yaml');
 */
export function validateProductManifest(value: unknown, file: string): ProductManifest {
  const parsed = productManifestSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const reasons = parsed.error.issues.map((issue) => issueMessage(issue, value));
  throw new AgentTrackError(
    'PRODUCT_MANIFEST_INVALID',
    `The product manifest \`${file}\` is refused: ${reasons.join('; ')}`,
    { data: { file, keys: parsed.error.issues.map((issue) => issue.path.map(String).join('.')) } },
  );
}
