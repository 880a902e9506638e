// kill -9 at random points of a before-after campaign, then a resume, against the uninterrupted
// report: the demo product (two commits), the offline policy, fixture-code/small_test, 4 tasks.
// Each seed kills the CLI's whole process group once the ledger holds k of 8 rollouts (k drawn by
// the seed, 0..7) plus 0-1.5 s; a mismatch is printed and exits 1.
// Run: npm run transpile && npx tsx bench/kill-resume.ts [seeds=5]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  demoCampaignArgs,
  killAndResume,
  seededDemoProduct,
} from '../test/optimize/before-after/kill-run.js';

const SEEDS = Number(process.argv[2] ?? 5);
const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-kill-bench-'));
const cacheDir = join(scratch, 'cache');
try {
  const product = await seededDemoProduct(root, join(scratch, 'product'), cacheDir);
  const args = demoCampaignArgs(product, cacheDir);
  // The uninterrupted run: a kill point past the end never fires.
  const whole = join(scratch, 'whole');
  await killAndResume(args, whole, { seed: 'never', maxLines: 0, cwd: root, never: true });
  const reference = JSON.parse(readFileSync(join(whole, 'report.json'), 'utf8'));
  let mismatches = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const dir = join(scratch, `seed-${seed}`);
    const began = Date.now();
    const { killedAfterLines, exitCode } = await killAndResume(args, dir, {
      seed: String(seed),
      maxLines: 7,
      cwd: root,
    });
    const same = isDeepStrictEqual(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')), reference);
    const ledger = readFileSync(join(dir, 'ledger.jsonl'), 'utf8').trim().split('\n').length;
    // 4 pairs finish with no verdict (exit 4), as the uninterrupted run does.
    if (!same || exitCode !== 4 || ledger !== 8) mismatches++;
    console.log(
      `seed ${seed}: killed ${killedAfterLines === null ? 'never (it had finished)' : `after ${killedAfterLines} of 8 rollouts`}; resumed exit ${exitCode}; ledger ${ledger} lines; report ${same ? 'identical' : 'DIFFERENT'} (${((Date.now() - began) / 1000).toFixed(0)} s)`,
    );
  }
  console.log(`${SEEDS} seeds: ${SEEDS - mismatches} resumed to the uninterrupted report`);
  if (mismatches > 0) process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
