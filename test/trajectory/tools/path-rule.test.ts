import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { corpusFile } from '../../../src/trajectory/tools/corpus-files.js';
import { pathRule } from '../../../src/trajectory/tools/path-rule.js';
import { pathsIn, readResult } from '../../../src/trajectory/tools/result-paths.js';
import { textIdentifiers } from '../../../src/trajectory/tools/text-identifiers.js';

// A corpus under a directory like `mktemp -d` makes (a dot) and a space, as a clone may sit.
function corpus(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'tmp.')), 'agent track', 'corpus');
  mkdirSync(join(root, 'shop/payments'), { recursive: true });
  for (const file of ['shop/cart.py', 'shop/tax.py', 'shop/payments/retry.py', 'README.md'])
    writeFileSync(join(root, file), 'x\n');
  return root;
}

describe('with the corpus: a path counts only where it names one of its files', () => {
  test('absolute, relative, under a named directory, through a symlinked root; never the root or a directory', () => {
    const root = corpus();
    const link = `${root}-link`;
    symlinkSync(root, link);
    expect(corpusFile(join(root, 'shop/cart.py'), root)).toBe('shop/cart.py');
    expect(corpusFile('shop/cart.py', root)).toBe('shop/cart.py');
    expect(corpusFile('./README.md', root)).toBe('README.md');
    expect(corpusFile('retry.py', root, ['shop/payments'])).toBe('shop/payments/retry.py');
    expect(corpusFile('retry.py', root, [join(root, 'shop/payments')])).toBe('shop/payments/retry.py');
    expect(corpusFile(`file://${encodeURI(join(root, 'shop/tax.py'))}`, root)).toBe('shop/tax.py');
    expect(corpusFile(join(root, 'shop/cart.py'), link)).toBe('shop/cart.py');
    expect(corpusFile(root, root)).toBeNull();
    expect(corpusFile(join(root, 'shop'), root)).toBeNull();
    expect(corpusFile(join(root, '..'), root)).toBeNull();
    // A file beside the corpus is no corpus file, however it is spelled.
    writeFileSync(join(root, '../outside.py'), 'x\n');
    expect(corpusFile('../outside.py', root)).toBeNull();
    expect(corpusFile(join(root, '../outside.py'), root)).toBeNull();
    expect(corpusFile('../corpus/shop/cart.py', root)).toBe('shop/cart.py');
    expect(corpusFile('shop/missing.py', root)).toBeNull();
    expect(corpusFile('2026-12-04T20', root)).toBeNull();
  });

  test('a listing of absolute paths under a dotted, spaced clone: its files, nothing of the directories above', () => {
    const root = corpus();
    const listing = [join(root, 'shop/cart.py'), join(root, 'shop/payments/retry.py'), root].join('\n');
    // Without the corpus the whole lines are still paths (spaces under an absolute path), never
    // split at the space into `/tmp/tmp.XXXXXX` and the rest; the root, with no extension, and the
    // dotted directory inside its line are taken for directories.
    expect(pathsIn(listing)).toEqual([join(root, 'shop/cart.py'), join(root, 'shop/payments/retry.py')]);
    expect(pathsIn(listing, pathRule(root))).toEqual(['shop/cart.py', 'shop/payments/retry.py']);
  });

  test('grep rows under a spaced root, and a listing of a sub-directory, resolve to corpus files', () => {
    const root = corpus();
    const grep = `${join(root, 'shop/cart.py')}:14:    total = 0\n${join(root, 'shop/tax.py')}-3-RATE`;
    expect(readResult(grep, pathRule(root))).toEqual({
      paths: ['shop/cart.py', 'shop/tax.py'],
      rows: [
        { path: 'shop/cart.py', start: 14, end: 14 },
        { path: 'shop/tax.py', start: 3, end: 3 },
      ],
    });
    // server-filesystem's list_directory of shop/payments prints bare names.
    expect(
      textIdentifiers(
        '[FILE] retry.py\n[DIR] nested',
        { path: join(root, 'shop/payments') },
        {
          rule: pathRule(root),
        },
      ),
    ).toEqual({ identifiers: ['shop/payments/retry.py'] });
  });

  test('a corpus not on this machine falls back to the grammar', () => {
    expect(pathRule('/nowhere/at/all')('shop/cart.py', 'token')).toBe('shop/cart.py');
    expect(pathRule('/nowhere/at/all')('2026-12-04T20', 'value')).toBeNull();
  });
});

describe('JSON results are walked by their structure', () => {
  // The shape the issue saw: a search that found nothing, a timestamp beside it.
  const empty = JSON.stringify({ query: 'cart total', modified: '2026-12-04T20:06:17.217Z', results: [] });

  test('a timestamp is never a `path:line` row, and `results: []` names nothing (zero-yield)', () => {
    expect(readResult(empty)).toEqual({ paths: [], rows: [] });
    expect(textIdentifiers(empty, { query: 'cart total' })).toEqual({ identifiers: [] });
  });

  test('path keys, arrays of paths and located objects, in document order; prose is not scanned', () => {
    const text = JSON.stringify({
      modified: '2026-12-04T20:06:17.217Z',
      matches: [
        { file_path: 'shop/cart.py', line_number: 14, modified: '2026-12-04T20:06:17.217Z' },
        { filePath: 'shop/tax.py', line: 3, end_line: 5 },
      ],
      files: ['README.md', 'docs/guide.md'],
      related: ['shop/payments/retry.py', 'not a path', '1.2.3'],
      summary: 'see lib/x.go',
      version: '1.2.3',
    });
    expect(readResult(text)).toEqual({
      paths: ['shop/cart.py', 'shop/tax.py', 'README.md', 'docs/guide.md', 'shop/payments/retry.py'],
      rows: [
        { path: 'shop/cart.py', start: 14, end: 14 },
        { path: 'shop/tax.py', start: 3, end: 5 },
      ],
    });
  });

  test('with the corpus, a JSON value counts only where it is a corpus file', () => {
    const root = corpus();
    const text = JSON.stringify({
      results: [
        { path: join(root, 'shop/cart.py'), modified: '2026-12-04T20:06:17.217Z' },
        { path: 'gone.py' },
      ],
    });
    expect(pathsIn(text, pathRule(root))).toEqual(['shop/cart.py']);
  });

  test('an MCP text block (LangChain carries results so) is read as text', () => {
    const text = JSON.stringify([
      { type: 'text', text: 'shop/cart.py:14:total\n2026-12-04T20:06:17Z started' },
    ]);
    expect(readResult(text)).toEqual({
      paths: ['shop/cart.py'],
      rows: [{ path: 'shop/cart.py', start: 14, end: 14 }],
    });
  });
});
