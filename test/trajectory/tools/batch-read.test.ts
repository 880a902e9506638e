import { expect, test } from 'vitest';
import { subReadIdentifiers } from '../../../src/trajectory/tools/batch-read.js';
import { textIdentifiers } from '../../../src/trajectory/tools/text-identifiers.js';

// Printed by server-filesystem 2026.8.31's read_multiple_files (probed over stdio).
const REAL =
  "/c/src/a.py:\ndef a():\n    return 1\n\n\n---\n/c/src/nope.py: Error - ENOENT: no such file or directory, open '/c/src/nope.py'\n---\n/c/src/b.py:\nB = 2\n\n";

test('each delivered sub-read is its file and its lines; a failed sub-read delivers nothing', () => {
  expect(subReadIdentifiers(REAL, ['/c/src/a.py', '/c/src/nope.py', '/c/src/b.py'])).toEqual([
    '/c/src/a.py',
    '/c/src/a.py:1-2',
    '/c/src/b.py',
    '/c/src/b.py:1-1',
  ]);
  // Through the text extractor, for a read tool given a list of paths.
  expect(
    textIdentifiers(REAL, { paths: ['/c/src/a.py', '/c/src/nope.py', '/c/src/b.py'] }, { read: true }),
  ).toEqual({ identifiers: ['/c/src/a.py', '/c/src/a.py:1-2', '/c/src/b.py', '/c/src/b.py:1-1'] });
});

test('a `---` line inside a file is content; an empty file is its path; another shape is not read this way', () => {
  // Printed for relative paths (the server echoes the path as asked), a Markdown front matter first.
  const text =
    'src/doc.md:\n---\ntitle: x\n---\nbody\n\n\n---\nsrc/empty.py:\n\n\n---\nsrc/a.py:\ndef a():\n    return 1\n\n';
  expect(subReadIdentifiers(text, ['src/doc.md', 'src/empty.py', 'src/a.py'])).toEqual([
    'src/doc.md',
    'src/doc.md:1-4',
    'src/empty.py',
    'src/a.py',
    'src/a.py:1-2',
  ]);
  expect(subReadIdentifiers('{"files": []}', ['a.py'])).toBeNull();
  expect(subReadIdentifiers('/c/nope.py: Error - ENOENT', ['/c/nope.py'])).toEqual([]);
});
