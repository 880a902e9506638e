import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { beforeAfter } from '../../../src/optimize/before-after/before-after.js';
import { primaryZ } from '../../../src/optimize/before-after/run-looks.js';
import { readTasks } from '../../../src/retrieval/index.js';
import { sequentialBoundaries } from '../../../src/stats/index.js';
import { seededDemoProduct } from './kill-run.js';

const root = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-run-looks-'));
const cacheDir = join(scratch, 'cache');
let product: { repo: string; baseline: string; candidate: string };
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
beforeAll(async () => {
  product = await seededDemoProduct(root, join(scratch, 'product'), cacheDir);
}, 60_000);

// The demo product's two commits on the offline model, run in looks: each look runs its batch,
// reads the primary row's z from the arms on disk, and stops at the first boundary crossed.
test('a before-after in looks on the offline model: batches, the z at each look, the early stop', async () => {
  const dir = join(scratch, 'looks');
  const lines: string[] = [];
  const result = await beforeAfter({
    repo: product.repo,
    baseline: product.baseline,
    candidate: product.candidate,
    split: 'fixture-code/small_test',
    model: 'offline',
    looks: 3,
    cacheDir,
    dir,
    confirmSpend: true,
    buildIndexes: true,
    log: (line) => lines.push(line),
  });
  // 12 tasks in 3 batches of 4; O'Brien-Fleming-like at two-sided 0.1: 3.200, 2.141, 1.695.
  const design = sequentialBoundaries({ looks: 3, alpha: 0.1 });
  const looks = JSON.parse(readFileSync(join(dir, 'looks.json'), 'utf8'));
  expect(looks.tasks_at).toEqual([4, 8, 12]);
  expect(looks.observed.map((o: { decision: string }) => o.decision)).toEqual(['continue', 'success']);
  const [first, second] = looks.observed;
  // The offline stand-in is deterministic: the candidate's docs cut needless calls on most tasks.
  expect(first).toMatchObject({ look: 1, tasks: 4, pairs: 4 });
  expect(first.z).toBeLessThan(design.z[0]!);
  expect(second).toMatchObject({ look: 2, tasks: 8, pairs: 8 });
  expect(second.z).toBeGreaterThanOrEqual(design.z[1]!);
  // Each look's z is the primary row's over the tasks run by then, read back from the arms on disk.
  const tasks = (await readTasks(join(dir, 'inputs'))).filter((t) => t.repeat === undefined);
  expect(tasks).toHaveLength(8); // the third batch never ran
  expect((await primaryZ(dir, tasks)).z).toBeCloseTo(second.z, 12);
  const text = lines.join('\n');
  expect(text).toContain('look 1 of 3 after 4 tasks: needless_call_rate z = ');
  expect(text).toContain('): continue');
  expect(text).toMatch(
    /look 2 of 3 after 8 tasks: needless_call_rate z = [\d.]+ \(success at >= 2\.141, harm at <= -2\.141, futility below 0\.154\): stop for success/,
  );
  expect(text).toContain('stopped early: 4 of 12 tasks not run');
  // Half the rollouts were never paid: 8 tasks x 2 arms in the ledger, and the report pairs 8.
  const ledger = readFileSync(join(dir, 'ledger.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.endsWith('}'));
  expect(ledger).toHaveLength(16);
  expect(result.report).not.toBeNull();
  expect(result.report!.verdict.line).toMatch(/succe/i);
  // The report says where the looks stopped, under its verdict (report.md and the viewer alike).
  expect(result.report!.looks).toMatchObject({ looks: 3, spending: 'obrien-fleming' });
  expect(result.report!.looks!.observed.map((o) => o.decision)).toEqual(['continue', 'success']);
  expect(result.report!.looks!.line).toBe(
    `stopped for success at look 2 of 3 after 8 of 12 tasks (needless_call_rate z = ${second.z.toFixed(3)}; success at >= 2.141, harm at <= -2.141); the rows below are tested as a fixed design over the tasks run.`,
  );
  expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('Looks: stopped for success at look 2 of 3');
  expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(
    'Looks: stopped for success at look 2 of 3',
  );
}, 300_000);
