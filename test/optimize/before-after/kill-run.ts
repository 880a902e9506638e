import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import { selfCommand } from '../../../src/cli/self-command.js';
import { makeDemoProduct, seedDemoCache } from '../../../src/optimize/before-after/demo-product.js';

const ledgerLines = (dir: string) => {
  const file = join(dir, 'ledger.jsonl');
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.endsWith('}')).length
    : 0;
};

/**
 * The demo product (two commits of this checkout) made in `dir`, with this checkout's install and
 * build seeded into `<cacheDir>/installs` (same lockfile, same code), so its worktrees link them
 * instead of installing and building.
 */
export async function seededDemoProduct(
  root: string,
  dir: string,
  cacheDir: string,
): Promise<{ repo: string; baseline: string; candidate: string }> {
  const product = await makeDemoProduct(root, dir);
  await seedDemoCache(product.repo, root, join(cacheDir, 'installs'));
  return product;
}

/** The CLI arguments of the demo product's campaign both the test and the bench kill: 4 tasks, offline. */
export function demoCampaignArgs(
  product: { repo: string; baseline: string; candidate: string },
  cacheDir: string,
  /** An LLM block to send instead of the offline model (its model is `stand-in`); `limit: null`: all 12 tasks. */
  options: { block?: string; limit?: number | null } = {},
): string[] {
  const model =
    options.block === undefined
      ? ['--model', 'offline']
      : ['--model', 'stand-in', '--llm-block', options.block];
  const limit = options.limit === undefined ? 4 : options.limit;
  return [
    'before-after',
    ...['--repo', product.repo, '--baseline', product.baseline, '--candidate', product.candidate],
    ...[
      '--split',
      'fixture-code/small_test',
      ...model,
      ...(limit === null ? [] : ['--limit', String(limit)]),
    ],
    ...['--cache-dir', cacheDir, '--confirm-spend', '--build-indexes'],
  ];
}

function start(args: readonly string[], cwd: string) {
  const [node, ...argv] = selfCommand(...args);
  // Its own process group: the kill takes the CLI, its offline endpoint and every harness child.
  const child = spawn(node, argv, { cwd, detached: true, stdio: 'ignore' });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, exited };
}

/**
 * Runs `agent-track before-after ARGS --out DIR`, SIGKILLs its whole process group at a point the
 * seed picks (once the ledger holds k finished rollouts, k in [0, maxLines], then 0-1.5 s more),
 * then runs the same command again to the end. Returns where it was killed and the resumed exit.
 */
export async function killAndResume(
  args: readonly string[],
  dir: string,
  /** `never`: no kill (the uninterrupted run to compare with). */
  options: { seed: string; maxLines: number; cwd: string; never?: boolean },
): Promise<{ killedAfterLines: number | null; exitCode: number | null }> {
  const random = seedrandom(options.seed);
  const lines = Math.floor(random() * (options.maxLines + 1));
  const extraMs = Math.floor(random() * 1500);
  const full = [...args, '--out', dir];
  const first = start(full, options.cwd);
  let done = false;
  void first.exited.then(() => {
    done = true;
  });
  if (options.never === true) await first.exited;
  while (!done && ledgerLines(dir) < lines) await new Promise((wake) => setTimeout(wake, 20));
  await new Promise((wake) => setTimeout(wake, extraMs));
  let killedAfterLines: number | null = null;
  if (!done) {
    killedAfterLines = ledgerLines(dir);
    process.kill(-first.child.pid!, 'SIGKILL');
  }
  const code = await first.exited;
  if (killedAfterLines === null) return { killedAfterLines, exitCode: code };
  const resumed = start(full, options.cwd);
  return { killedAfterLines, exitCode: await resumed.exited };
}
