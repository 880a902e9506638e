import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import { createProgram } from '../../src/cli/program.js';
import { REPORT_ROW_KEYS, RULE_METRICS } from '../../src/report/index.js';
import { METRIC_COLUMNS } from '../../src/trajectory/index.js';

// Every flag is parsed where the command line is parsed: a bad value is refused by flag and value
// before any action starts. Each row would otherwise reach its action (git, datasets, servers) and
// fail there with another error, or do work.
const DETECT =
  'a positive number or percentage (`0.2`, `10%`), for one metric `METRIC=VALUE` (`needless_call_rate=0.1`, `usage.prompt=10%`)';

test.each([
  [
    'before-after',
    ['--baseline', 'HEAD~1', '--candidate', 'HEAD', '--split', 'x/y', '--max-usd', 'abc'],
    '--max-usd',
    'a non-negative number of dollars',
    'abc',
  ],
  ['before-after', ['--concurrency', '0'], '--concurrency', 'a positive integer', '0'],
  ['before-after', ['--limit', '2.5'], '--limit', 'a positive integer', '2.5'],
  ['before-after', ['--repeats', '0'], '--repeats', 'a positive integer', '0'],
  ['before-after', ['--pilot', 'some'], '--pilot', 'a positive integer', 'some'],
  ['before-after', ['--detect', '-0.1'], '--detect', `${DETECT}`, '-0.1'],
  ['before-after', ['--detect', 'turns=0%'], '--detect', `${DETECT}`, 'turns=0%'],
  [
    'before-after',
    ['--detect', 'speed=0.1'],
    '--detect',
    `${DETECT}; \`speed\` is not a metric of the report (${METRIC_COLUMNS.map((c) => c.key).join(', ')})`,
    'speed=0.1',
  ],
  ['before-after', ['--temperature', 'hot'], '--temperature', 'a non-negative number', 'hot'],
  ['before-after', ['--looks', '0'], '--looks', 'a positive integer', '0'],
  [
    'before-after',
    ['--margin', 'speed=0.1'],
    '--margin',
    `METRIC=VALUE with METRIC one of the report's rows (${REPORT_ROW_KEYS.join(', ')})`,
    'speed=0.1',
  ],
  [
    'before-after',
    ['--margin', 'turns=-1'],
    '--margin',
    "METRIC=VALUE with VALUE a number above 0 in turns's units",
    'turns=-1',
  ],
  ['before-after', ['--looks', '2.5'], '--looks', 'a positive integer', '2.5'],
  [
    'before-after',
    ['--primary', 'speed'],
    '--primary',
    `a report row with a better direction (${[...RULE_METRICS.keys()].join(', ')})`,
    'speed',
  ],
  [
    'gate',
    ['--guard', 'turns', '--guard', 'tool_calls.count'],
    '--guard',
    `a report row with a better direction (${[...RULE_METRICS.keys()].join(', ')})`,
    'tool_calls.count',
  ],
  [
    'before-after',
    ['--spending', 'haybittle'],
    '--spending',
    'one of `obrien-fleming`, `pocock`',
    'haybittle',
  ],
  [
    'optimize',
    ['--config', 'configs/optimize/tool_docs.yaml', '--repeats', '2.5'],
    '--repeats',
    'a positive integer',
    '2.5',
  ],
  [
    'before-after',
    ['--usd-per-1m-input', '-1'],
    '--usd-per-1m-input',
    'a non-negative number of dollars',
    '-1',
  ],
  [
    'before-after',
    ['--context-tokens-per-turn', 'lots'],
    '--context-tokens-per-turn',
    'a non-negative integer',
    'lots',
  ],
  [
    'optimize',
    ['--config', 'configs/optimize/tool_docs.yaml', '--max-usd', 'abc'],
    '--max-usd',
    'a non-negative number of dollars',
    'abc',
  ],
  [
    'optimize',
    ['--config', 'configs/optimize/tool_docs.yaml', '--rounds', '1.5'],
    '--rounds',
    'a positive integer',
    '1.5',
  ],
  [
    'track',
    ['--dataset', 'x', '--split', 'y', '--usd-per-rollout', 'free'],
    '--usd-per-rollout',
    'a non-negative number of dollars',
    'free',
  ],
  ['track', ['--seed', 'one'], '--seed', 'an integer', 'one'],
  [
    'track',
    ['--tolerance', '11'],
    '--tolerance',
    'a score difference from 0 to 10 (the judge scores 0..10)',
    '11',
  ],
  [
    'track',
    ['--transcript-format', 'xml'],
    '--transcript-format',
    'one of `claude-code`, `openai`, `otel`',
    'xml',
  ],
  ['retrieval', ['--dataset', 'x', '--split', 'y', '--limit', '0'], '--limit', 'a positive integer', '0'],
  [
    'ask',
    ['q', '--corpus', 'missing', '--model', 'offline', '--turn-budget', 'many'],
    '--turn-budget',
    'a positive integer',
    'many',
  ],
  [
    'harness',
    ['run', '--tasks', 'missing', '--out', 'x', '--model', 'offline', '--timeout-seconds', '0'],
    '--timeout-seconds',
    'a positive number of seconds, at most 2147483 (24.8 days)',
    '0',
  ],
  // Past a Node timer's longest wait every rollout would time out after 1 ms.
  [
    'harness',
    ['run', '--tasks', 'missing', '--out', 'x', '--model', 'offline', '--timeout-seconds', '2147484'],
    '--timeout-seconds',
    'a positive number of seconds, at most 2147483 (24.8 days)',
    '2147484',
  ],
  [
    'track',
    ['--timeout-seconds', '1e12'],
    '--timeout-seconds',
    'a positive number of seconds, at most 2147483 (24.8 days)',
    '1e12',
  ],
  ['endpoint', ['--policy', 'offline', '--port', '70000'], '--port', 'an integer from 0 to 65535', '70000'],
  ['cache', ['evict', '--older-than', 'soon'], '--older-than', 'a non-negative number', 'soon'],
])('%s %j is refused at parse time naming %s', async (name, args, flag, expected, value) => {
  const program = createProgram({ version: '0', commands, io: { out: () => {}, err: () => {} } });
  await expect(program.parseAsync(['node', 'agent-track', name, ...args])).rejects.toMatchObject({
    code: 'INVALID_OPTION',
    message: `Expected the \`${flag}\` option to be ${expected}, got \`${value}\` (string)`,
    data: { option: flag, received: value },
  });
});

test('a guard that is the primary is refused before any work: no plan, no worktree', async () => {
  const program = createProgram({ version: '0', commands, io: { out: () => {}, err: () => {} } });
  const out = join(tmpdir(), `agent-track-rule-${process.pid}`);
  await expect(
    program.parseAsync([
      'node',
      'agent-track',
      'before-after',
      ...['--baseline', 'HEAD~1', '--candidate', 'HEAD', '--split', 'fixture-code/small_test'],
      ...['--primary', 'turns', '--guard', 'turns', '--out', out],
    ]),
  ).rejects.toMatchObject({
    code: 'INVALID_OPTION',
    message: 'Expected the `--guard` option to be a row other than the primary (turns), got `turns` (string)',
  });
  expect(existsSync(out)).toBe(false);
});
