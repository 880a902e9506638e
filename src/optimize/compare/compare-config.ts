import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { AgentTrackError, issueMessage, readYamlFile } from '../../core/index.js';
import { COMPARE_ROW_KEYS, marginsSchema } from '../../report/index.js';
import { toolsConfigSchema } from '../../trajectory/index.js';

/**
 * One system of a comparison, exactly one of: `product` (`default`, the embedded reference server,
 * or a product root holding a manifest), `repo` + `commit` (a product at a commit, in a worktree),
 * `package` (an npm package at one exact version run by `npx` with `args`), or `url` (a server
 * already running, over Streamable HTTP, `headers` with `${ENV_VAR}` parts). `tools` gives the roles
 * its tools play (default: its manifest's, or none for a package or URL).
 */
const systemSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9][\w.-]*$/, 'a name of letters, digits, `.`, `_` and `-`'),
    product: z.string().min(1).optional(),
    /** For `product: default`: serve the reference server over Streamable HTTP instead of stdio. */
    transport: z.enum(['stdio', 'http']).optional(),
    repo: z.string().min(1).optional(),
    commit: z.string().min(1).optional(),
    package: z.string().min(1).optional(),
    args: z.array(z.string()).optional(),
    url: z.string().url().optional(),
    headers: z.record(z.string().min(1), z.string()).optional(),
    tools: toolsConfigSchema.optional(),
  })
  .strict()
  .superRefine((system, context) => {
    const kinds = (['product', 'repo', 'package', 'url'] as const).filter((key) => system[key] !== undefined);
    if (kinds.length !== 1)
      context.addIssue({
        code: 'custom',
        message: `a system is exactly one of \`product\`, \`repo\` (with \`commit\`), \`package\` or \`url\`; \`${system.name}\` gives ${kinds.length === 0 ? 'none' : kinds.map((k) => `\`${k}\``).join(' and ')}`,
      });
    if ((system.repo === undefined) !== (system.commit === undefined))
      context.addIssue({
        code: 'custom',
        message: `\`repo\` and \`commit\` go together (\`${system.name}\`)`,
      });
    if (system.transport === 'http' && system.product !== 'default')
      context.addIssue({
        code: 'custom',
        message: `\`transport: http\` is for \`product: default\` (\`${system.name}\`); another product says how it serves in its manifest`,
      });
  });

export const compareConfigSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    /** `<dataset>/<slice>`: every system runs these tasks. */
    split: z.string().min(1),
    limit: z.number().int().positive().optional(),
    /** The system every other is compared against. */
    reference: z.string().min(1),
    systems: z.array(systemSchema).min(2),
    /** One relevance predicate for every system: the gold kind judged, case-folded paths. */
    relevance: z
      .object({
        kind: z.enum(['files', 'body', 'doc_ids']).optional(),
        case_insensitive_paths: z.boolean().optional(),
      })
      .strict()
      .optional(),
    turn_budget: z.number().int().positive().optional(),
    /** Row -> margin: each system tested against the reference at it (`--margin` wins per row). */
    /** Row -> margin: each system tested against the reference at it (`--margin` wins per row). */
    margins: marginsSchema(COMPARE_ROW_KEYS).optional(),
  })
  .strict()
  .superRefine((config, context) => {
    const names = config.systems.map((system) => system.name);
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice !== undefined)
      context.addIssue({ code: 'custom', path: ['systems'], message: `two systems are named \`${twice}\`` });
    if (!names.includes(config.reference))
      context.addIssue({
        code: 'custom',
        path: ['reference'],
        message: `\`${config.reference}\` is not one of the systems (${names.map((n) => `\`${n}\``).join(', ')})`,
      });
  });

export type CompareConfig = z.infer<typeof compareConfigSchema>;
export type SystemConfig = CompareConfig['systems'][number];

/**
 * Reads a comparison config (YAML, strict: an unknown key is refused by name with the file), with
 * `product` and `repo` paths made absolute against the file's folder.
 *
 * @example
 * const config = loadCompareConfig('configs/compare/filesystem.yaml');
 * config.systems.map((s) => s.name); // ['reference', 'server-filesystem', 'reference-http']
 */
export function loadCompareConfig(file: string): CompareConfig & { file: string } {
  const raw = readYamlFile(file, 'comparison config');
  const parsed = compareConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => issueMessage(issue, raw));
    throw new AgentTrackError(
      'COMPARE_CONFIG_INVALID',
      `The comparison config \`${file}\` is refused: ${reasons.join('; ')}`,
      { data: { file, keys: parsed.error.issues.map((issue) => issue.path.map(String).join('.')) } },
    );
  }
  const base = dirname(resolve(file));
  const systems = parsed.data.systems.map((system) => ({
    ...system,
    ...(system.product !== undefined && system.product !== 'default'
      ? { product: resolve(base, system.product) }
      : {}),
    ...(system.repo !== undefined ? { repo: resolve(base, system.repo) } : {}),
  }));
  return { ...parsed.data, systems, file: resolve(file) };
}
