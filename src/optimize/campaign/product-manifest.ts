import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { AgentTrackError } from '../../errors.js';
import { toolsConfigSchema } from '../../trajectory/tools/schema.js';

/** The manifest a product keeps at its root. */
export const PRODUCT_MANIFEST = 'agent-track.product.yaml';

const argv = z.array(z.string().min(1)).min(1);

/** `agent-track.product.yaml` (see DESIGN.md): strict, an unknown key is refused by name. */
export const productManifestSchema = z
  .object({
    name: z.string().min(1),
    /** A shell command run once per worktree; a leading install step may be reused (see `setupArm`). */
    setup: z.string().min(1).nullable().optional(),
    serve: argv,
    index: argv.optional(),
    harness: argv,
    artifacts: z.record(z.string(), z.string().min(1)).optional(),
    tools: toolsConfigSchema.optional(),
  })
  .strict();

export type ProductManifest = z.infer<typeof productManifestSchema>;

/**
 * Reads and validates the product manifest at a checkout's root (a worktree at an arm's commit).
 *
 * @example
 * readProductManifest('/tmp/wt/baseline').harness; // ['node', 'dist/cli/bin.js', 'harness']
 */
export function readProductManifest(root: string, name = PRODUCT_MANIFEST): ProductManifest {
  const file = join(root, name);
  let value: unknown;
  try {
    value = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AgentTrackError(
      'PRODUCT_MANIFEST_UNREADABLE',
      `Cannot read the product manifest \`${file}\`: ${(error as Error).message}`,
      { data: { file }, cause: error },
    );
  }
  const parsed = productManifestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key =
      issue.code === 'unrecognized_keys'
        ? [...issue.path, issue.keys[0]].map(String).join('.')
        : issue.path.map(String).join('.');
    throw new AgentTrackError(
      'PRODUCT_MANIFEST_INVALID',
      issue.code === 'unrecognized_keys'
        ? `The product manifest \`${file}\` has unknown key \`${key}\``
        : `The product manifest \`${file}\` is invalid at \`${key}\`: ${issue.message}`,
      { data: { file, key }, cause: parsed.error },
    );
  }
  return parsed.data;
}
