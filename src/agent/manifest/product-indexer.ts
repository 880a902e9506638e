import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { simpleGit } from 'simple-git';
import { AgentTrackError, tail } from '../../core/index.js';
import type { LoadedProduct } from './load-manifest.js';
import { productIndexCommand, servedPlaces } from './server-command.js';

/** A product's own index step: what its index code is, and how it builds a workspace. */
export interface ProductIndexer {
  /** Identifies the code that builds the index (its commit's tree): part of the cache key. */
  code(): Promise<string>;
  /** Builds the workspace of one corpus with the product's `index` command (a no-op once built). */
  build(values: { corpus: string; workspace: string; config: string }): Promise<void>;
}

const COMPLETE = '.agent-track-index-complete';

/**
 * The indexer of a manifest product whose `serve` reads `{workspace}` and which names an `index`
 * command; `null` otherwise (the reference product indexes in-process, a filesystem server reads the
 * corpus). Its code is the product's commit tree (`git rev-parse HEAD^{tree}` at the product root;
 * outside git, a hash of the index command), so two commits of a product get two indexes of one
 * corpus. A build runs the command from the product root into a temporary folder, renamed into place
 * with a completion marker, so a killed build is never served; a failure names the command and its
 * stderr.
 *
 * @example
 * const indexer = productIndexer(loadProduct('/tmp/wt/candidate'));
 * await indexer?.build({ corpus: '/data/shop', workspace: '/cache/indexes/x', config: '/c.yaml' });
 */
export function productIndexer(product: LoadedProduct): ProductIndexer | null {
  if (product.manifest.index === undefined || !servedPlaces(product).workspace) return null;
  let code: Promise<string> | undefined;
  return {
    code: () => {
      code ??= simpleGit(product.dir)
        .revparse(['HEAD^{tree}'])
        .then((tree) => `tree-${tree.trim().slice(0, 12)}`)
        .catch(
          () =>
            `argv-${createHash('sha256').update(JSON.stringify(product.manifest.index)).digest('hex').slice(0, 12)}`,
        );
      return code;
    },
    build: async (values) => {
      if (existsSync(join(values.workspace, COMPLETE))) return;
      const staging = `${values.workspace}.tmp-${process.pid}-${Date.now()}`;
      const command = productIndexCommand(product, { ...values, workspace: staging })!;
      const result = await execa(command.command, command.args, {
        cwd: command.cwd,
        reject: false,
        all: true,
        stdin: 'ignore',
      });
      if (result.exitCode !== 0 || result.failed) {
        rmSync(staging, { recursive: true, force: true });
        throw new AgentTrackError(
          'PRODUCT_INDEX_FAILED',
          `The product's \`index\` command \`${[command.command, ...command.args].join(' ')}\` failed (${result.exitCode === undefined ? 'no exit code' : `exit code ${result.exitCode}`}): ${tail(String(result.all ?? ''), 600)}`,
          { data: { file: product.file, exit_code: result.exitCode ?? null } },
        );
      }
      mkdirSync(staging, { recursive: true });
      writeFileSync(join(staging, COMPLETE), `${JSON.stringify(values.corpus)}\n`);
      rmSync(values.workspace, { recursive: true, force: true });
      renameSync(staging, values.workspace);
    },
  };
}
