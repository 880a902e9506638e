import { describe, expect, test } from 'vitest';
import { claudeCodeYield } from '../../../src/trajectory/importers/claude-code/identifiers.js';
import { resurfacing } from '../../../src/trajectory/metrics/resurfacing.js';
import { buildTrajectory } from '../build-trajectory.js';

const READ_OUTPUT = '     1→import os\n     2→\n     3→def main():\n     4→    return os.getcwd()';

describe('claudeCodeYield: identifiers named as the reference server names what it delivered', () => {
  test.each<[string, string, Record<string, unknown>, string, string[], unknown]>([
    // Read delivered the file and the range it printed (Claude Code numbers every line `N→`)
    [
      'Read: the file and the range printed',
      'Read',
      { file_path: '/repo/src/a.py' },
      READ_OUTPUT,
      ['src/a.py', 'src/a.py:1-4'],
      undefined,
    ],
    [
      'Read with an offset: the range it printed',
      'Read',
      { file_path: '/repo/src/a.py', offset: 40 },
      '    40→x = 1\n    41→y = 2',
      ['src/a.py', 'src/a.py:40-41'],
      undefined,
    ],
    [
      'Read without numbered lines: the file',
      'Read',
      { file_path: '/repo/src/a.py' },
      'binary',
      ['src/a.py'],
      undefined,
    ],
    [
      'Glob names paths',
      'Glob',
      { pattern: '**/*.py' },
      '/repo/src/a.py\n/repo/src/b.py',
      ['src/a.py', 'src/b.py'],
      [{ path: 'src/a.py' }, { path: 'src/b.py' }],
    ],
    [
      'Grep content mode: the files and each matched line, rows as hits',
      'Grep',
      { pattern: 'def', output_mode: 'content', '-n': true },
      '/repo/src/a.py:3:def main():\n/repo/src/b.py-9-# context\n/repo/src/b.py:10:def b():',
      ['src/a.py', 'src/a.py:3', 'src/b.py', 'src/b.py:9', 'src/b.py:10'],
      [
        { path: 'src/a.py', start: 3, end: 3 },
        { path: 'src/b.py', start: 9, end: 9 },
        { path: 'src/b.py', start: 10, end: 10 },
      ],
    ],
    // searching one file, ripgrep prints `line:text`: the path is the call's own, never "14"
    [
      'Grep content mode in one file: line numbers are lines, not paths',
      'Grep',
      { pattern: 'x', path: 'src/a.py', output_mode: 'content', '-n': true },
      '14:x = 1\n21:x = 2',
      ['src/a.py', 'src/a.py:14', 'src/a.py:21'],
      [
        { path: 'src/a.py', start: 14, end: 14 },
        { path: 'src/a.py', start: 21, end: 21 },
      ],
    ],
    [
      'Grep content mode without line numbers: the files',
      'Grep',
      { pattern: 'x', output_mode: 'content' },
      'src/a.py:x = 1\n2026-12-04T20:06:17Z retried\nhttps://example.com/a',
      ['src/a.py'],
      [{ path: 'src/a.py' }],
    ],
    [
      'Grep count mode',
      'Grep',
      { pattern: 'x', output_mode: 'count' },
      'src/a.py:3\nsrc/b.py:1',
      ['src/a.py', 'src/b.py'],
      [{ path: 'src/a.py' }, { path: 'src/b.py' }],
    ],
    [
      'Grep files mode, its header skipped',
      'Grep',
      { pattern: 'x' },
      'Found 1 file\nsrc/a.py',
      ['src/a.py'],
      [{ path: 'src/a.py' }],
    ],
  ])('%s', (_name, tool, args, text, identifiers, rows) => {
    const yielded = claudeCodeYield(tool, args, text, true, '/repo');
    expect(yielded.identifiers).toEqual(identifiers);
    expect(yielded.rows).toEqual(rows);
  });

  test('reading a file a listing named is not resurfacing; reading it again is', () => {
    const glob = claudeCodeYield('Glob', { pattern: '**/*.py' }, '/repo/src/a.py', true, '/repo');
    const read = claudeCodeYield('Read', { file_path: '/repo/src/a.py' }, READ_OUTPUT, true, '/repo');
    const trajectory = buildTrajectory({
      calls: [
        { tool: 'Glob', turn: 1, ids: glob.identifiers },
        { tool: 'Read', turn: 2, ids: read.identifiers },
        { tool: 'Read', turn: 3, ids: read.identifiers },
      ],
    });
    // call 1 delivered src/a.py:1-4 for the first time; call 2 delivered nothing new
    expect(resurfacing(trajectory)).toEqual({ count: 1, rate: 1 / 3, charged: [2] });
  });
});
