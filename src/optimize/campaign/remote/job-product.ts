import { relative, resolve } from 'node:path';
import { simpleGit } from 'simple-git';
import { PRODUCT_MANIFEST_FILE } from '../../../agent/index.js';
import { AgentTrackError } from '../../../core/index.js';

/**
 * A product repository as workers reach it: at its HEAD commit (and that commit's tree), refused
 * (`QUEUE_PRODUCT_UNSHARABLE`) unless `repo` is a git repository's root, its manifest the root's
 * `agent-track.product.yaml`, and nothing is uncommitted: rollouts here would read the working
 * tree, a worker's checkout the commit. `command` names the refusal's command.
 *
 * @example
 * await productAtHead('/src/product', '/src/product/agent-track.product.yaml', '`track --queue`');
 * // { commit: '3f2a…', tree: '9c1e…' }
 */
export async function productAtHead(
  repo: string,
  manifest: string,
  command: string,
): Promise<{ commit: string; tree: string }> {
  const git = simpleGit(repo);
  const root = (await git.revparse(['--show-toplevel']).catch(() => '')).trim();
  const refuse = (why: string) =>
    new AgentTrackError('QUEUE_PRODUCT_UNSHARABLE', `${command} over \`${repo}\`: ${why}`, {
      data: { repo },
    });
  if (root === '' || resolve(root) !== resolve(repo))
    throw refuse('workers check the product out at a commit, so it must be a git repository root');
  if (relative(resolve(repo), resolve(manifest)) !== PRODUCT_MANIFEST_FILE)
    throw refuse(
      `its manifest must be the repository's \`${PRODUCT_MANIFEST_FILE}\` (workers read that one)`,
    );
  const dirty = (await git.status()).files.map((f) => f.path);
  if (dirty.length > 0)
    throw refuse(
      `it has uncommitted changes (${dirty.slice(0, 3).join(', ')}${dirty.length > 3 ? ', ...' : ''}): commit them, workers run the commit`,
    );
  const commit = (await git.revparse(['HEAD'])).trim();
  const tree = (await git.revparse(['HEAD^{tree}'])).trim();
  return { commit, tree };
}
