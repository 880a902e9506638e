import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { cli, ROOT } from './run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-paths-'));
const file = join(scratch, 'a-file');
writeFileSync(file, 'not a directory\n');
const empty = join(scratch, 'empty');
mkdirSync(empty);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SPLIT = ['--split', 'fixture-code/small_test', '--model', 'offline'];

// Each was a stack trace; each is now one line naming what is wrong, exit 2, before any work.
test.each([
  [
    'before-after on a repository that does not exist',
    [
      'before-after',
      '--repo',
      join(scratch, 'nowhere'),
      '--baseline',
      'HEAD~1',
      '--candidate',
      'HEAD',
      ...SPLIT,
    ],
    `The repository \`${join(scratch, 'nowhere')}\` is not a directory`,
  ],
  [
    'before-after --out naming a file',
    ['before-after', '--baseline', 'HEAD~1', '--candidate', 'HEAD', ...SPLIT, '--out', file],
    `\`${file}\` already exists (and is not a directory this command can use) (mkdir: EEXIST)`,
  ],
  [
    'before-after without --baseline',
    ['before-after', '--candidate', 'HEAD', ...SPLIT],
    '`--baseline` is required',
  ],
  [
    'index --out naming a file',
    ['index', '--corpus', 'fixtures/corpora/py-shop', '--out', file],
    `\`${file}\` already exists`,
  ],
  ['metrics on a device', ['metrics', '/dev/null'], '`/dev/null` is not a directory'],
  // Issue 39: each started work (worktrees, a server, a file named `ftp:/x`) before refusing.
  [
    'before-after --calls-per-turn 0',
    ['before-after', '--baseline', 'HEAD~1', '--candidate', 'HEAD', ...SPLIT, '--calls-per-turn', '0'],
    'Expected the `--calls-per-turn` option to be a positive integer, got `0`',
  ],
  [
    'before-after --config naming nothing',
    [
      'before-after',
      '--baseline',
      'HEAD~1',
      '--candidate',
      'HEAD',
      ...SPLIT,
      '--config',
      join(scratch, 'no.yaml'),
    ],
    `Expected the \`--config\` option to be an existing file, got \`${join(scratch, 'no.yaml')}\``,
  ],
  [
    'before-after --workspace naming nothing',
    [
      'before-after',
      '--baseline',
      'HEAD~1',
      '--candidate',
      'HEAD',
      ...SPLIT,
      '--workspace',
      join(scratch, 'nows'),
    ],
    `Expected the \`--workspace\` option to be an existing directory, got \`${join(scratch, 'nows')}\``,
  ],
  [
    'before-after --cache-dir naming a file',
    ['before-after', '--baseline', 'HEAD~1', '--candidate', 'HEAD', ...SPLIT, '--cache-dir', file],
    `Expected the \`--cache-dir\` option to be a directory (existing, or to be made), got \`${file}\``,
  ],
  [
    'before-after --queue naming a Redis nobody listens on',
    [
      'before-after',
      '--baseline',
      'HEAD~1',
      '--candidate',
      'HEAD',
      ...SPLIT,
      '--queue',
      'redis://127.0.0.1:1',
      '--confirm-spend',
      '--out',
      join(scratch, 'queued'),
    ],
    'Cannot reach the queue redis://127.0.0.1:1/0',
  ],
  [
    'optimize --dry-run --queue naming a Redis nobody listens on (it printed this and never exited)',
    [
      'optimize',
      '--config',
      'configs/optimize/tool_docs.yaml',
      '--dry-run',
      '--queue',
      'redis://127.0.0.1:1',
      '--out',
      join(scratch, 'queued'),
    ],
    'Cannot reach the queue redis://127.0.0.1:1/0',
  ],
  [
    'export --otlp with a scheme that is not http(s)',
    ['export', 'fixtures/runs/viewer-small', '--otlp', 'ftp://x'],
    'Expected the `--otlp` option to be an http(s):// URL or a file path, got `ftp://x`',
  ],
  [
    'ask with an empty question',
    ['ask', '', '--corpus', 'fixtures/corpora/py-shop', '--model', 'offline'],
    'Expected the `<question>` option to be a question with words in it',
  ],
  [
    'metrics --corpus-root naming nothing',
    ['metrics', 'fixtures/runs/viewer-small', '--corpus-root', '/nonexistent'],
    'Expected the `--corpus-root` option to be an existing directory, got `/nonexistent`',
  ],
  ['metrics on a directory holding no trajectory', ['metrics', empty], `No trajectory in \`${empty}\``],
  [
    'index --corpus /proc/self',
    ['index', '--corpus', '/proc/self', '--out', join(scratch, 'proc-index')],
    'Cannot read `/proc/self/',
  ],
])(
  '%s: one line, exit 2',
  async (_name, args, message) => {
    const result = await cli(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`agent-track: ${message}`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    // Refused before any work: no campaign directory, no local file named after a URL.
    expect(existsSync(join(scratch, 'queued'))).toBe(false);
    expect(existsSync(join(ROOT, 'ftp:'))).toBe(false);
  },
  60_000,
);

test('a missing required option or an unknown command is one line and a pointer to --help, exit 2 (not the whole help, exit 1)', async () => {
  const missing = await cli('harness', 'run', '--out', 'x', '--model', 'offline');
  expect(missing.code).toBe(2);
  expect(missing.stderr).toBe(
    "error: required option '--tasks <file>' not specified\n(add --help for the options)\n",
  );
  // Flags that contradict each other are refused the same way, before anything runs.
  const both = await cli(
    'optimize',
    '--config',
    'configs/optimize/tool_docs.yaml',
    '--dry-run',
    '--confirm-spend',
  );
  expect(both.code).toBe(2);
  expect(both.stderr).toBe(
    "error: option '--dry-run' cannot be used with option '--confirm-spend'\n(add --help for the options)\n",
  );
  const unknown = await cli('nosuch');
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain("error: unknown command 'nosuch'");
  // Help and the version still exit 0.
  expect((await cli('--version')).code).toBe(0);
  expect((await cli('harness', '--help')).code).toBe(0);
}, 60_000);
