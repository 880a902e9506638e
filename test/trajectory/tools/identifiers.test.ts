import { expect, test } from 'vitest';
import {
  corpusRelative,
  inCorpus,
  lineHit,
  numberedRange,
} from '../../../src/trajectory/tools/identifiers.js';

test('a path under the corpus root is made relative; the root itself is empty; others are kept', () => {
  expect(corpusRelative('/repo/shop/cart.py', '/repo')).toBe('shop/cart.py');
  expect(corpusRelative('/repo/shop/cart.py', '/repo/')).toBe('shop/cart.py');
  expect(corpusRelative('/repo', '/repo')).toBe('');
  expect(corpusRelative('/repo/', '/repo')).toBe('');
  expect(corpusRelative('./shop/cart.py', '/repo')).toBe('shop/cart.py');
  expect(corpusRelative('.', '/repo')).toBe('');
  // A sibling whose name starts with the root's is outside it.
  expect(corpusRelative('/repository/a.py', '/repo')).toBe('/repository/a.py');
  expect(corpusRelative('/elsewhere/b.py', '/repo')).toBe('/elsewhere/b.py');
  expect(corpusRelative('https://docs.example/a.md', '/repo')).toBe('https://docs.example/a.md');
  expect(corpusRelative('/repo/a.py', null)).toBe('/repo/a.py');
});

test('numbered lines give the range printed; arrows and cat -n tabs both count', () => {
  expect(numberedRange('     3→a\n     4→b\n    10→c')).toEqual({ start: 3, end: 10 });
  expect(numberedRange('     7\tx = 1\n     8\ty = 2')).toEqual({ start: 7, end: 8 });
  expect(numberedRange('no numbers here\n12 apples')).toBeNull();
});

test('a grep line names its file and line; a line number alone is never a path', () => {
  expect(lineHit('src/a.py:14:    total = 0')).toEqual({ path: 'src/a.py', line: 14 });
  expect(lineHit('src/a.py-15-    return total')).toEqual({ path: 'src/a.py', line: 15 });
  expect(lineHit('/repo/Makefile:3:all: build')).toEqual({ path: '/repo/Makefile', line: 3 });
  expect(lineHit('14:    total = 0')).toBeNull();
  expect(lineHit('12:30:00 started')).toBeNull();
  expect(lineHit('see https://example.com:8080/x')).toBeNull();
  expect(lineHit('plain text')).toBeNull();
  // A timestamp is no `path:line`; a path with spaces under an absolute root is.
  expect(lineHit('2026-12-04T20:06:17.217Z')).toBeNull();
  expect(lineHit('"modified": "2026-12-04T20:06:17.217Z"')).toBeNull();
  expect(lineHit('/tmp/tmp.x1y2/agent track/a.py:3:x')).toEqual({
    path: '/tmp/tmp.x1y2/agent track/a.py',
    line: 3,
  });
  expect(lineHit('C:\\repo\\a.py:7:x')).toEqual({ path: 'C:\\repo\\a.py', line: 7 });
  // The caller's rule names the file (a corpus-relative path), or refuses it.
  expect(lineHit('/repo/a.py:3:x', (path) => path.replace('/repo/', ''))).toEqual({ path: 'a.py', line: 3 });
  expect(lineHit('/repo/a.py:3:x', () => null)).toBeNull();
});

test('identifiers and rows are put in the corpus namespace, the root dropped, duplicates merged', () => {
  const extracted = {
    identifiers: ['/repo/a.py', '/repo', 'a.py', '/repo/b.py:3', '/repo/b.py:1-40', '/other/c.py'],
    rows: [
      { path: '/repo/b.py', start: 3, end: 3 },
      { path: '/repo', start: 1, end: 1 },
    ],
  };
  expect(inCorpus(extracted, '/repo')).toEqual({
    identifiers: ['a.py', 'b.py:3', 'b.py:1-40', '/other/c.py'],
    rows: [{ path: 'b.py', start: 3, end: 3 }],
  });
  expect(inCorpus(extracted, null)).toBe(extracted);
});
