import { loadProduct, type ProductManifest } from '../../../agent/index.js';
import { AgentTrackError } from '../../../core/index.js';

/**
 * Reads and validates the product manifest at a checkout's root (a worktree at an arm's commit)
 * with the one schema every layer uses (`loadProduct`: unknown keys, placeholders and artifacts
 * refused by name).
 *
 * @example
 * readArmManifest('/tmp/wt/baseline').harness; // ['node', 'dist/cli/bin.js', 'harness']
 */
export function readArmManifest(root: string, name?: string): ProductManifest & { file: string } {
  const { file, manifest } = loadProduct(root, name);
  return { ...manifest, file };
}

/**
 * The harness an arm runs and the arguments that point it at the arm's product: the manifest's own
 * `harness` (a product that is its own harness, as this repository is), else `fallback` (the
 * running agent-track's) with `--product <worktree>`, so a product that only serves tools (a
 * third-party MCP server) is measured by the same harness in both arms. Neither is refused.
 *
 * @example
 * armHarness(manifest, '/tmp/wt/b', ['node', '/opt/agent-track/dist/cli/bin.js', 'harness']);
 * // { harness: ['node', '/opt/agent-track/dist/cli/bin.js', 'harness'], productArgs: ['--product', '/tmp/wt/b'], own: false }
 */
export function armHarness(
  manifest: ProductManifest & { file: string },
  worktree: string,
  fallback: readonly string[] | undefined,
): { harness: readonly string[]; productArgs: readonly string[]; own: boolean } {
  if (manifest.harness !== undefined) return { harness: manifest.harness, productArgs: [], own: true };
  if (fallback !== undefined) return { harness: fallback, productArgs: ['--product', worktree], own: false };
  throw new AgentTrackError(
    'PRODUCT_MANIFEST_INVALID',
    `The product manifest \`${manifest.file}\` has no \`harness\`, and no agent-track harness was given to run it with`,
    { data: { file: manifest.file, keys: ['harness'] } },
  );
}
