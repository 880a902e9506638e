import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import {
  appendRunRecord,
  indexRuns,
  readRunLog,
  runIndexPage,
  supersededBy,
} from '../../../src/report/index.js';
import type { RunRecordInput } from '../../../src/report/run-log/run-record-schema.js';
import { runsCli } from './runs-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-superseded-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// A before-after's arm record, reported into `dir`'s report.json at `minute`.
const arm = (dir: string, name: string, minute: number, tasks: number): RunRecordInput => ({
  system: 'before-after',
  config: `${name}@${'a'.repeat(12)}`,
  dataset: { name: 'fixture-code', slice: 'small_test', limit: null, tasks },
  params: { offline: true },
  metrics: [{ key: 'needle_reached', value: 1, low: 1, high: 1, n: tasks }],
  artifacts: { report_json: join(dir, 'report.json') },
  created_at: `2026-12-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  git: { sha: 'c'.repeat(40), dirty: false },
});

test('a run stopped by its ceiling and resumed is listed once, as it finished; its earlier records say what replaced them', async () => {
  const log = join(scratch, 'runs.jsonl');
  const stopped = join(scratch, 'stopped');
  const other = join(scratch, 'other');
  // Stopped after 4 of 12 tasks, another run, then the same command resumed to the end.
  const early = [arm(stopped, 'baseline', 0, 4), arm(stopped, 'candidate', 0, 4)].map((r) =>
    appendRunRecord(log, r),
  );
  const between = appendRunRecord(log, arm(other, 'baseline', 5, 12));
  const late = [arm(stopped, 'baseline', 9, 12), arm(stopped, 'candidate', 9, 12)].map((r) =>
    appendRunRecord(log, r),
  );
  const records = readRunLog(log);
  const replaced = supersededBy(records);
  expect([...replaced.entries()].map(([id, by]) => [id, by.id])).toEqual([
    [early[0]!.id, late[0]!.id],
    [early[1]!.id, late[1]!.id],
  ]);

  const runs = indexRuns(records);
  expect(runs.map((r) => [r.records.map((x) => x.id), r.superseded])).toEqual([
    [[between.id], 0],
    [late.map((x) => x.id), 2],
  ]);
  const page = runIndexPage(records, { log, pageDir: scratch });
  // Newest first: the resumed run, its 12 tasks, then the other.
  expect(page.sections[0]!.table!.rows.map((r) => [r.cells[1], r.cells[4]])).toEqual([
    ['before-after (resumed)', 12],
    ['before-after', 12],
  ]);

  const run = (...args: string[]) => runsCli(log, ...args);
  const listed = (await run('list')).split('\n');
  expect(listed.find((line) => line.startsWith(early[0]!.id))).toMatch(
    new RegExp(`resumed as ${late[0]!.id}\\s*$`),
  );
  expect(listed.find((line) => line.startsWith(late[0]!.id))).not.toContain('resumed as');
  expect(await run('show', early[1]!.id)).toContain(
    `resumed as ${late[1]!.id} (2026-12-01T10:09:00.000Z): the same run, stopped here and finished later`,
  );
});
