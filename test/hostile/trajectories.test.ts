// A real trajectory (events, result, messages, model turns) with one thing broken (issue 39): a
// key of one line or of the result set to a hostile value or removed, a line replaced by broken
// JSON, nesting 100,000 deep, bytes that are not UTF-8, a time that is no time, turns that go
// backwards. Contract: scored, or refused naming the file it could not take; never another
// exception, never a stack overflow without a file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { scorePath } from '../../src/trajectory/score/score-path.js';
import { ROOT } from '../cli/run-cli.js';
import { hostile, refusalProblem } from './hostile.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-hostile-trajectory-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const TASK = join(ROOT, 'fixtures/runs/viewer-small/arms/baseline/tasks/task-000');
const LINE_FILES = ['events.jsonl', 'messages.jsonl'] as const;
const JSON_FILES = ['result.json', 'model_turns.json'] as const;

const hostileValue = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    -1,
    0,
    1e308,
    -0.5,
    '',
    'yesterday',
    '2026-02-31T00:00:00Z',
    '\u0000',
    [],
    {},
    true,
    '9'.repeat(400),
  ),
  fc.jsonValue({ maxDepth: 3 }),
);
const brokenLine = fc.oneof(
  fc
    .integer({ min: 1_000, max: 100_000 })
    .map((depth) => Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
  fc
    .integer({ min: 1_000, max: 100_000 })
    .map((depth) => Buffer.from(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)),
  fc.constantFrom(
    Buffer.from('{"seq":0,"tool":'),
    Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    Buffer.from('"just a string"'),
    Buffer.from('\u0000\u0001 garbage'),
    Buffer.from(''),
  ),
  fc.string({ maxLength: 300 }).map((text) => Buffer.from(text)),
);

/** One change to the trajectory, as data, so a failing case prints what was done. */
const change = fc.oneof(
  fc.record({
    kind: fc.constant('line key' as const),
    file: fc.constantFrom(...LINE_FILES),
    line: fc.nat(),
    key: fc.constantFrom(
      'seq',
      'tool',
      'args',
      'ok',
      'preview',
      'turn',
      'started_at',
      'role',
      'content',
      'tool_calls',
      'new_key',
    ),
    value: fc.option(hostileValue, { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('line' as const),
    file: fc.constantFrom(...LINE_FILES),
    line: fc.nat(),
    bytes: brokenLine,
  }),
  fc.record({
    kind: fc.constant('result key' as const),
    file: fc.constantFrom(...JSON_FILES),
    key: fc.constantFrom(
      'task_id',
      'outcome',
      'turns',
      'turn_budget',
      'started_at',
      'duration_ms',
      'answer',
      'timed_out',
      'new_key',
    ),
    value: fc.option(hostileValue, { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('whole file' as const),
    file: fc.constantFrom(...LINE_FILES, ...JSON_FILES),
    bytes: brokenLine,
  }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function apply(dir: string, c: Change): string {
  const path = join(dir, c.file);
  if (c.kind === 'whole file') {
    writeFileSync(path, c.bytes);
    return path;
  }
  if (c.kind === 'result key') {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    if (c.value === undefined) delete value[c.key];
    else value[c.key] = c.value;
    writeFileSync(path, JSON.stringify(value));
    return path;
  }
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  const at = c.line % lines.length;
  if (c.kind === 'line') {
    const parts = lines.map((line) => Buffer.from(line));
    parts[at] = c.bytes;
    writeFileSync(path, Buffer.concat(parts.flatMap((part) => [part, Buffer.from('\n')])));
    return path;
  }
  const value = JSON.parse(lines[at]!) as Record<string, unknown>;
  if (c.value === undefined) delete value[c.key];
  else value[c.key] = c.value;
  lines[at] = JSON.stringify(value);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

let n = 0;
test('a real trajectory with one thing broken: scored, or refused naming the file; never another exception', async () => {
  const seen = { scored: 0, refused: 0 };
  await hostile(
    change,
    async (c) => {
      const dir = join(scratch, `t${++n}`);
      cpSync(TASK, dir, { recursive: true });
      apply(dir, c);
      for await (const item of scorePath(dir)) {
        if (item.error === undefined) {
          seen.scored++;
          continue;
        }
        seen.refused++;
        const problem = refusalProblem(item.error, dir);
        if (problem !== null) throw new Error(`${c.kind} in ${c.file}: ${problem}`);
      }
    },
    { runs: 200, budgetMs: 10_000 },
  );
  // Both ends reached: a harmless change still scores, a breaking one is refused.
  expect(seen.scored).toBeGreaterThan(0);
  expect(seen.refused).toBeGreaterThan(10);
}, 120_000);
