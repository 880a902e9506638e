import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type QueueTarget, resolveCacheDir } from '../../core/index.js';
import { defaultRunLog } from '../../report/index.js';
import { type BeforeAfterResult, beforeAfter } from './before-after.js';
import { clearDemoOut } from './demo-out.js';
import { demoPhases } from './demo-phases.js';
import { makeDemoProduct, seedDemoCache } from './demo-product.js';

/**
 * The main job on a fresh machine, with no key and no network: a product repository made on the
 * fly with two commits, the offline policy as the model, real worktrees and child processes, the
 * plan, the run, the report and its plots. Its numbers are the offline policy's, labelled so.
 *
 * @example
 * const { dir, report } = await runDemo({ source: process.cwd(), out: 'runs/demo' });
 */
export async function runDemo(options: {
  /** The launching checkout (its tracked files become the demo product). */
  source: string;
  out: string;
  split?: string;
  /** Run the rollouts as jobs on this queue (workers beside it find the demo product by its path). */
  queue?: QueueTarget;
  /** The run log its record goes to (default: the user's cache directory's `runs.jsonl`, as every run's). */
  runLog?: string;
  log?: (line: string) => void;
  progress?: NodeJS.WritableStream & { isTTY?: boolean };
}): Promise<BeforeAfterResult> {
  const phases = demoPhases();
  const log = (line: string) => {
    phases.saw(line);
    options.log?.(line);
  };
  // Each demo makes a fresh product (new commits), so its campaign starts fresh too; refused
  // before any work when `out` holds anything but an earlier demo's run.
  clearDemoOut(resolve(options.out));
  const scratch = mkdtempSync(join(tmpdir(), 'agent-track-demo-'));
  try {
    const product = await makeDemoProduct(resolve(options.source), join(scratch, 'product'));
    const cacheDir = join(scratch, 'cache');
    // Same lockfile and code as the launching checkout: its install and its build serve the arms,
    // no second `npm ci` and no transpile in their worktrees.
    await seedDemoCache(product.repo, resolve(options.source), join(cacheDir, 'installs'));
    log(
      `demo product: ${product.repo} (baseline ${product.baseline.slice(0, 10)}, candidate ${product.candidate.slice(0, 10)})`,
    );
    const result = await beforeAfter({
      repo: product.repo,
      baseline: product.baseline,
      candidate: product.candidate,
      split: options.split ?? 'fixture-code/small_test',
      model: 'offline',
      confirmSpend: true,
      buildIndexes: true,
      // The first 4 tasks run first: what they measure says what the 12 can detect (free offline).
      pilot: 4,
      // On a queue, enough jobs in flight for a few workers.
      concurrency: options.queue === undefined ? 2 : 4,
      ...(options.queue === undefined ? {} : { queue: options.queue }),
      dir: resolve(options.out),
      cacheDir,
      // The product, its indexes and installs live in a scratch cache; the run's record outlives it.
      runLog: options.runLog ?? defaultRunLog(resolveCacheDir()),
      log,
      ...(options.progress ? { progress: options.progress } : {}),
    });
    // Where the time went: the demo's own account, for anyone chasing its 20-second goal.
    options.log?.(phases.summary());
    return result;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
