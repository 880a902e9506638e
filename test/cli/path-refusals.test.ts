import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { cli } from './run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-paths-'));
const file = join(scratch, 'a-file');
writeFileSync(file, 'not a directory\n');
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
])(
  '%s: one line, exit 2',
  async (_name, args, message) => {
    const result = await cli(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`agent-track: ${message}`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  },
  60_000,
);

test('a missing required option or an unknown command is one line and a pointer to --help, exit 2 (not the whole help, exit 1)', async () => {
  const missing = await cli('harness', 'run', '--out', 'x', '--model', 'offline');
  expect(missing.code).toBe(2);
  expect(missing.stderr).toBe(
    "error: required option '--tasks <file>' not specified\n(add --help for the options)\n",
  );
  const unknown = await cli('nosuch');
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain("error: unknown command 'nosuch'");
  // Help and the version still exit 0.
  expect((await cli('--version')).code).toBe(0);
  expect((await cli('harness', '--help')).code).toBe(0);
}, 60_000);
