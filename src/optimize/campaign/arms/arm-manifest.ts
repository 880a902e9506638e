import { loadProduct, type ProductManifest } from '../../../agent/index.js';
import { AgentTrackError } from '../../../core/index.js';

/** A product manifest as a campaign arm needs it: with the `harness` command the arm runs. */
export type ArmManifest = ProductManifest & { harness: string[] };

/**
 * Reads and validates the product manifest at a checkout's root (a worktree at an arm's commit)
 * with the one schema every layer uses (`loadProduct`: unknown keys, placeholders and artifacts
 * refused by name), and refuses one without `harness`, which a campaign arm runs.
 *
 * @example
 * readArmManifest('/tmp/wt/baseline').harness; // ['node', 'dist/cli/bin.js', 'harness']
 */
export function readArmManifest(root: string, name?: string): ArmManifest {
  const { file, manifest } = loadProduct(root, name);
  if (manifest.harness === undefined)
    throw new AgentTrackError(
      'PRODUCT_MANIFEST_INVALID',
      `The product manifest \`${file}\` has no \`harness\`: a campaign arm runs it`,
      { data: { file, keys: ['harness'] } },
    );
  return { ...manifest, harness: manifest.harness };
}
