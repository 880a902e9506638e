import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { cli, ROOT } from './run-cli.js';

// Issue 39: each of these exited 0 having replaced a run's record with something else.
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-clobber-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const run = join(scratch, 'run');
cpSync(join(ROOT, 'fixtures/runs/viewer-small'), run, { recursive: true });
writeFileSync(join(run, 'ledger.jsonl'), '{"kept":true}\n');
const bytes = (file: string) => readFileSync(file, 'utf8');

test.each([
  ['view --out the report', ['view', run, '--out', join(run, 'report.json')], 'report.json'],
  ['export --otlp the ledger', ['export', run, '--otlp', join(run, 'ledger.jsonl')], 'ledger.jsonl'],
  [
    "retrieval --out another run's report",
    ['retrieval', '--dataset', 'fixture-code', '--split', 'small_test', '--out', join(run, 'report.json')],
    'report.json',
  ],
  [
    'retrieval --run-log the ledger (appended to, before the rung ran)',
    [
      'retrieval',
      '--dataset',
      'fixture-code',
      '--split',
      'small_test',
      '--run-log',
      join(run, 'ledger.jsonl'),
    ],
    'ledger.jsonl',
  ],
])(
  "%s: refused naming the file, exit 2, the run's file unchanged, --force or not",
  async (_name, args, file) => {
    const before = bytes(join(run, file));
    for (const force of [[], ['--force']]) {
      const result = await cli(...args, ...force);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `agent-track: \`${args[args.indexOf(join(run, file)) - 1]}\` names \`${join(run, file)}\`, the run's own ${file}: nothing writes over a run's record; choose another path\n`,
      );
      expect(bytes(join(run, file))).toBe(before);
    }
  },
  60_000,
);

test('any other existing file is replaced only with --force; the default page is the command own', async () => {
  const other = join(scratch, 'notes.txt');
  writeFileSync(other, 'mine\n');
  const refused = await cli('export', run, '--otlp', other);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain(
    'which exists and was not made by this command: add --force to replace it',
  );
  expect(bytes(other)).toBe('mine\n');
  const forced = await cli('export', run, '--otlp', other, '--force');
  expect(forced.code).toBe(0);
  expect(bytes(other)).not.toBe('mine\n');
  // `view RUN` rewrites its own default page, run after run.
  for (let i = 0; i < 2; i++) expect((await cli('view', run)).code).toBe(0);
  expect((await cli('view', run, '--out', join(run, 'report.html'))).code).toBe(0);
  expect(existsSync(join(run, 'report.html'))).toBe(true);
}, 60_000);

test.each([
  [
    'track --report the report',
    [
      'track',
      '--agent-bin',
      'fixtures/bin/fake-claude.mjs',
      '--dataset',
      'fixtures/track/tasks.jsonl',
      '--split',
      'all',
      '--out',
      join(scratch, 'track'),
      '--confirm-spend',
      '--report',
      join(run, 'report.json'),
    ],
    '--report',
    'report.json',
  ],
  ['plot --out the report', ['plot', run, '--out', join(run, 'report.md')], '--out', 'report.md'],
])(
  "%s: refused naming the file before any work, exit 2, the run's file unchanged",
  async (_name, args, option, file) => {
    const before = bytes(join(run, file));
    for (const force of option === '--report' ? [[], ['--force']] : [[]]) {
      const result = await cli(...args, ...force);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `agent-track: \`${option}\` names \`${join(run, file)}\`, the run's own ${file}: nothing writes over a run's record; choose another path\n`,
      );
      expect(bytes(join(run, file))).toBe(before);
    }
    expect(existsSync(join(scratch, 'track'))).toBe(false);
  },
  60_000,
);

test("track's own OUT/report.md is its to name; another file needs --force", async () => {
  const track = ['track', '--agent-bin', 'fixtures/bin/fake-claude.mjs', '--dataset'];
  const plan = [...track, 'fixtures/track/tasks.jsonl', '--split', 'all', '--out', join(scratch, 't')];
  expect((await cli(...plan, '--report', join(scratch, 't', 'report.md'))).code).toBe(0);
  const other = join(scratch, 'track-notes.md');
  writeFileSync(other, 'mine\n');
  const refused = await cli(...plan, '--report', other);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toBe(
    `agent-track: \`--report\` names \`${other}\`, which exists and was not made by this command: add --force to replace it, or choose another path\n`,
  );
  expect((await cli(...plan, '--report', other, '--force')).code).toBe(0);
}, 60_000);

test("ask --out DIR keeps an earlier answer's trajectory unless --force", async () => {
  const out = join(scratch, 'ask');
  const events = join(out, 'tasks', 'ask', 'events.jsonl');
  mkdirSync(join(out, 'tasks', 'ask'), { recursive: true });
  writeFileSync(events, '{"earlier":true}\n');
  const ask = ['ask', 'where is the invoice total', '--corpus', 'fixtures/corpora/py-shop'];
  const refused = await cli(...ask, '--model', 'offline', '--out', out);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toBe(
    `agent-track: \`--out\` names \`${out}\`, which already holds \`${join(out, 'tasks', 'ask')}\` from an earlier run: add --force to replace it, or choose another directory\n`,
  );
  expect(bytes(events)).toBe('{"earlier":true}\n');
  const forced = await cli(...ask, '--model', 'offline', '--out', out, '--force');
  expect(forced.code).toBe(0);
  expect(bytes(events)).not.toBe('{"earlier":true}\n');
}, 60_000);

test("demo --out another run's directory: refused before any work (it emptied it), nothing removed", async () => {
  const files = ['report.json', 'ledger.jsonl', 'arms/baseline/tasks/task-000/events.jsonl'];
  const before = files.map((file) => bytes(join(run, file)));
  const result = await cli('demo', '--out', run);
  expect(result.code).toBe(2);
  expect(result.stderr).toBe(
    `agent-track: \`--out\` names \`${run}\`, which holds files that are not an earlier demo's run: the demo replaces only its own; choose another directory\n`,
  );
  expect(files.map((file) => bytes(join(run, file)))).toEqual(before);
}, 60_000);

test("track --out another run's directory: refused before its plan is written over", async () => {
  writeFileSync(join(run, 'plan.json'), '{"format":1,"campaign":"kept"}\n');
  const result = await cli(
    ...['track', '--agent-bin', 'fixtures/bin/fake-claude.mjs', '--dataset', 'fixtures/track/tasks.jsonl'],
    ...['--split', 'all', '--out', run, '--confirm-spend'],
  );
  expect(result.code).toBe(2);
  expect(result.stderr).toBe(
    `agent-track: \`${run}\` holds a before-after run (\`arms/baseline/\`): a track writes only into a directory of its own; choose another --out\n`,
  );
  expect(bytes(join(run, 'plan.json'))).toBe('{"format":1,"campaign":"kept"}\n');
  expect(bytes(join(run, 'ledger.jsonl'))).toBe('{"kept":true}\n');
}, 60_000);

test("compare and before-after --out another job's directory: refused before a model, a worktree or a file is made there", async () => {
  const track = join(scratch, 'track-run');
  cpSync(join(ROOT, 'fixtures/runs/track-small'), track, { recursive: true });
  const compare = ['compare', '--config', 'configs/compare/filesystem.yaml', '--model', 'offline'];
  const onTrack = await cli(...compare, '--out', track);
  expect(onTrack.code).toBe(2);
  expect(onTrack.stderr).toContain(
    `agent-track: The plan \`${join(track, 'plan.json')}\` is invalid at \`format\``,
  );
  expect(existsSync(join(track, 'offline-llm-block.yaml'))).toBe(false);
  // Another campaign's plan: named, and left as it was.
  const other = join(scratch, 'other-compare');
  expect((await cli(...compare, '--out', other, '--limit', '1')).code).toBe(0);
  const plan = join(other, 'plan.json');
  writeFileSync(plan, bytes(plan).replace('"campaign": "compare-filesystem"', '"campaign": "another"'));
  const before = bytes(plan);
  const onOther = await cli(...compare, '--out', other, '--limit', '1');
  expect(onOther.code).toBe(2);
  expect(onOther.stderr).toBe(
    `agent-track: \`${other}\` holds the campaign \`another\` (\`${plan}\`), not \`compare-filesystem\`: nothing is written over another campaign; choose another --out\n`,
  );
  expect(bytes(plan)).toBe(before);
  // before-after too, before a worktree or its LLM block is made there.
  const ba = [
    'before-after',
    '--baseline',
    'HEAD~1',
    '--candidate',
    'HEAD',
    '--split',
    'fixture-code/small_test',
  ];
  const onOtherBa = await cli(...ba, '--model', 'offline', '--out', other);
  expect(onOtherBa.code).toBe(2);
  expect(onOtherBa.stderr).toMatch(
    new RegExp(
      `^agent-track: \`${other}\` holds the campaign \`another\` .*: nothing is written over another campaign; choose another --out\n$`,
    ),
  );
  expect(bytes(plan)).toBe(before);
  const onTrackBa = await cli(...ba, '--model', 'offline', '--out', track);
  expect(onTrackBa.code).toBe(2);
  expect(existsSync(join(track, 'offline-llm-block.yaml'))).toBe(false);
}, 60_000);
