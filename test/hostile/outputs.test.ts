// Outputs pointed at a run's own files (issue 39): every command that writes a file, aimed at one
// of a run directory's records (its report, ledger, plan, a trajectory's events...), with or
// without --force, relative or absolute. Contract: exit 2, one `agent-track:` line naming the
// path, no stack trace, every file of the run byte-identical, nothing new anywhere.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Command } from 'commander';
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import { createProgram } from '../../src/cli/program.js';
import { cliIn, ROOT } from '../cli/run-cli.js';
import { cliRefusalProblem, hostile } from './hostile.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-hostile-out-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const run = join(scratch, 'run');
cpSync(join(ROOT, 'fixtures/runs/viewer-small'), run, { recursive: true });
// The records a campaign keeps beside its report.
for (const file of ['ledger.jsonl', 'spend.jsonl', 'campaign.log', 'plan.json', 'metrics.json'])
  writeFileSync(join(run, file), '{"kept":true}\n');
const task = 'arms/baseline/tasks/task-000';
const RUN_FILES = [
  'report.json',
  'report.md',
  'ledger.jsonl',
  'spend.jsonl',
  'campaign.log',
  'plan.json',
  'metrics.json',
  `${task}/events.jsonl`,
  `${task}/result.json`,
  `${task}/messages.jsonl`,
];
const INSPECT = join(ROOT, 'fixtures/realdata/eval-logs/inspect/2025-05-12T20-28-13-04-00_popularity.json');
const SPLIT = ['--split', 'fixture-code/small_test'];
/** Each command that writes a file, with the flag that names it. */
const WRITERS: Record<string, (path: string) => string[]> = {
  'view --out': (path) => ['view', run, '--out', path],
  'export --otlp': (path) => ['export', run, '--otlp', path],
  'retrieval --out': (path) => [
    'retrieval',
    '--dataset',
    'fixture-code',
    '--split',
    'small_test',
    '--out',
    path,
  ],
  'retrieval --run-log': (path) => [
    'retrieval',
    '--dataset',
    'fixture-code',
    '--split',
    'small_test',
    '--run-log',
    path,
  ],
  'stats compare --out': (path) => ['stats', 'compare', INSPECT, INSPECT, '--out', path],
  'before-after --run-log': (path) => [
    'before-after',
    '--baseline',
    'HEAD',
    '--candidate',
    'HEAD',
    ...SPLIT,
    '--run-log',
    path,
  ],
  'gate --run-log': (path) => ['gate', '--base', 'HEAD', '--head', 'HEAD', ...SPLIT, '--run-log', path],
  'plot --out': (path) => ['plot', run, '--out', path],
};

/** The commands (`stats compare`, `view`...) that take `--force`. */
const FORCEABLE = new Set<string>();
const walk = (command: Command, path: string[]) => {
  if (command.options.some((option) => option.long === '--force')) FORCEABLE.add(path.join(' '));
  for (const sub of command.commands) walk(sub, [...path, sub.name()]);
};
walk(createProgram({ version: '0', commands, io: { out: () => {}, err: () => {} } }), []);

const files = (dir: string): Map<string, string> =>
  new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex')];
      }),
  );

test('every file-writing command aimed at a run record: refused naming it, the run untouched, nothing written', async () => {
  expect(FORCEABLE).toContain('view');
  const before = files(scratch);
  expect([...before.keys()].filter((path) => path.startsWith('run/arms/')).length).toBeGreaterThan(10);
  const env = { ...process.env, AGENT_TRACK_CACHE: join(scratch, 'cache') };
  await hostile(
    fc.record({
      writer: fc.constantFrom(...Object.keys(WRITERS)),
      file: fc.constantFrom(...RUN_FILES),
      force: fc.boolean(),
      absolute: fc.boolean(),
    }),
    async ({ writer, file, force, absolute }) => {
      const path = absolute ? join(run, file) : join('run', file);
      const args = WRITERS[writer]!(path);
      // --force where the command has it: a run's record is refused with it too.
      const forced = force && FORCEABLE.has(writer.split(' --')[0]!);
      const result = await cliIn([...args, ...(forced ? ['--force'] : [])], {
        cwd: scratch,
        env,
        timeoutMs: 30_000,
      });
      const problem = cliRefusalProblem(result, path);
      if (problem !== null) throw new Error(`${writer} ${path}${forced ? ' --force' : ''}: ${problem}`);
      expect(files(scratch)).toEqual(before);
    },
    { runs: 12, budgetMs: 30_000, shrink: false },
  );
}, 120_000);
