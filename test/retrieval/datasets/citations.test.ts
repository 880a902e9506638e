import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  mentionedFiles,
  parseCitations,
  resolveCitations,
} from '../../../src/retrieval/datasets/citations.js';

const SAMPLE = resolve(
  import.meta.dirname,
  '../../../fixtures/realdata/retrieval/swe-qa-pro/train-sample.jsonl',
);

describe('parseCitations', () => {
  test.each([
    {
      text: 'see (osbuild/meta.py: line 254-272)',
      expected: [{ path: 'osbuild/meta.py', start: 254, end: 272 }],
    },
    { text: 'in a/b.py: lines 3-9 and a/b.py: line 40', expected: [{ path: 'a/b.py', start: 3, end: 9 }] },
    {
      text: 'cache.py:58 then x/y.go:12-30',
      expected: [
        { path: 'cache.py', start: 58, end: 58 },
        { path: 'x/y.go', start: 12, end: 30 },
      ],
    },
    {
      text: 'a stage file (stages/org.osbuild.cloud-init: line 25-142)',
      expected: [{ path: 'stages/org.osbuild.cloud-init', start: 25, end: 142 }],
    },
    { text: 'the datasource (line 96) and at 10:30 today', expected: [] },
    { text: 'no citation at all', expected: [] },
  ])('$text', ({ text, expected }) => {
    expect(parseCitations(text)).toEqual(expected);
  });

  test('on the real SWE-QA-Pro sample: 4 of 6 answers cite files', () => {
    const records = readFileSync(SAMPLE, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { answer: string });
    // Counted by reading the answers: osbuild 5 files, mutmut 2, dffml 1, datachain 0,
    // jupyter_server 5, wetterdienst 0.
    expect(records.map((r) => parseCitations(r.answer).length)).toEqual([5, 2, 1, 0, 5, 0]);
  });
});

describe('mentionedFiles', () => {
  test.each([
    {
      text: 'XmlLogger in xmllogger.py feeds executionresult.py (see os.path and node.get)',
      expected: ['xmllogger.py', 'executionresult.py'],
    },
    {
      text: 'setup.py (lines 46-54) and legate/core/partition.py, then setup.py',
      expected: ['setup.py', 'legate/core/partition.py'],
    },
    // a URL, a longer word and a dotted call are no file
    { text: 'https://x.org/a.py, foo.pyc, model.main_model.expected_data()', expected: [] },
  ])('$text', ({ text, expected }) => {
    expect(mentionedFiles(text).map((c) => c.path)).toEqual(expected);
  });

  test('on the real SWE-QA-Pro sample: the answers citing no line name 0 and 1 files', () => {
    const records = readFileSync(SAMPLE, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { answer: string });
    // Read off the answers: datachain names no file, wetterdienst names process.py.
    expect([records[3]!, records[5]!].map((r) => mentionedFiles(r.answer).map((c) => c.path))).toEqual([
      [],
      ['process.py'],
    ]);
  });
});

describe('resolveCitations', () => {
  const tree = ['mutmut/cache.py', 'mutmut/__main__.py', 'a/util.py', 'b/util.py'];
  test.each([
    { paths: ['mutmut/cache.py'], files: ['mutmut/cache.py'], unresolved: [] },
    { paths: ['./mutmut/cache.py'], files: ['mutmut/cache.py'], unresolved: [] },
    // a bare name resolves by a unique basename
    { paths: ['__main__.py'], files: ['mutmut/__main__.py'], unresolved: [] },
    // ambiguous basename and unknown path stay unresolved
    { paths: ['util.py', 'mutmut/gone.py'], files: [], unresolved: ['util.py', 'mutmut/gone.py'] },
    // the same file cited twice is gold once
    { paths: ['cache.py', 'mutmut/cache.py'], files: ['mutmut/cache.py'], unresolved: [] },
  ])('$paths', ({ paths, files, unresolved }) => {
    expect(
      resolveCitations(
        paths.map((path) => ({ path })),
        tree,
      ),
    ).toEqual({ files, unresolved });
  });
});
