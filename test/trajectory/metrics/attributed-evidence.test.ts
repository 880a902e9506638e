import { describe, expect, test } from 'vitest';
import { attributedEvidenceCalls, patchLines } from '../../../src/trajectory/metrics/attributed-evidence.js';
import { buildTrajectory } from '../build-trajectory.js';

describe('patchLines', () => {
  test.each<{ name: string; patch: string; expected: [string, [number, number][]][] }>([
    { name: 'empty', patch: '', expected: [] },
    // -3,2 -> lines 3..4
    {
      name: 'one hunk',
      patch: '--- a/src/a.py\n+++ b/src/a.py\n@@ -3,2 +3,3 @@\n x\n-y\n+z\n+w\n',
      expected: [['src/a.py', [[3, 4]]]],
    },
    // -7 (no count) -> line 7; -20,0 (insertion after 20) -> line 20
    {
      name: 'no count, pure insertion, two files, git headers, CRLF',
      patch: [
        'diff --git a/a.py b/a.py',
        'index 1..2 100644',
        '--- a/a.py',
        '+++ b/a.py',
        '@@ -7 +7 @@ def f():',
        '-old',
        '+new',
        '@@ -20,0 +21,2 @@',
        '+x',
        '+y',
        '--- a/b.py',
        '+++ b/b.py',
        '@@ -1,3 +1,3 @@',
      ].join('\r\n'),
      expected: [
        [
          'a.py',
          [
            [7, 7],
            [20, 20],
          ],
        ],
        ['b.py', [[1, 3]]],
      ],
    },
    // a created file is named by its +++ path; a deleted one by its --- path
    {
      name: 'created and deleted files',
      patch:
        '--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n+a\n+b\n--- a/old.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n',
      expected: [
        ['new.py', [[0, 0]]],
        ['old.py', [[1, 2]]],
      ],
    },
    // a removed line `-- sql comment` renders as `--- sql comment`; no `+++` follows, so it is not a header
    {
      name: 'a removed line that looks like a header',
      patch: '--- a/q.sql\n+++ b/q.sql\n@@ -4,2 +4,1 @@\n--- sql comment\n select 1\n@@ -9,1 +8,1 @@\n',
      expected: [
        [
          'q.sql',
          [
            [4, 5],
            [9, 9],
          ],
        ],
      ],
    },
  ])('$name', ({ patch, expected }) => {
    expect([...patchLines(patch)]).toEqual(expected);
  });
});

describe('attributedEvidenceCalls', () => {
  const patch = '--- a/src/a.py\n+++ b/src/a.py\n@@ -10,3 +10,4 @@\n';
  const calls = [
    // rows in src/a.py lines 1-5: no overlap with 10..12
    { tool: 'search_codebase', turn: 1, ids: ['src/a.py'], rows: [{ path: 'src/a.py', start: 1, end: 5 }] },
    // ./src/a.py lines 9-10 overlap 10..12
    {
      tool: 'search_codebase',
      turn: 1,
      ids: ['src/a.py'],
      rows: [{ path: './src/a.py', start: 9, end: 10 }],
    },
    // no rows: the file it returned is the patched file -> evidence
    { tool: 'read_file', turn: 2, ids: ['src/a.py'] },
    // another file
    { tool: 'get_symbol', turn: 2, ids: ['b.f'], rows: [{ path: 'src/b.py', start: 10, end: 12 }] },
    // a row with only a start line, 12 -> inside 10..12
    { tool: 'search_codebase', turn: 3, ids: ['src/a.py'], rows: [{ path: 'src/a.py', start: 12 }] },
  ];

  test('rows overlapping a changed hunk, and files returned without rows', () => {
    expect(attributedEvidenceCalls(buildTrajectory({ calls, result: { patch } }))).toEqual([1, 2, 4]);
  });

  test.each([
    ['no patch', undefined],
    ['an empty patch', ''],
  ])('%s: no evidence', (_name, patchText) => {
    expect(attributedEvidenceCalls(buildTrajectory({ calls, result: { patch: patchText } }))).toEqual([]);
  });

  test('case-folded paths on request', () => {
    const trajectory = buildTrajectory({
      calls: [{ tool: 'read_file', turn: 1, ids: ['SRC/A.py'] }],
      result: { patch },
    });
    expect(attributedEvidenceCalls(trajectory)).toEqual([]);
    expect(attributedEvidenceCalls(trajectory, { caseInsensitivePaths: true })).toEqual([0]);
  });
});
