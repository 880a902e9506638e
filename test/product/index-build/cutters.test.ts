import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { pythonModule } from '../../../src/product/index-build/language.js';
import { depthAtLineEnds } from '../../../src/product/index-build/pieces/brace-depth.js';
import { cutGo } from '../../../src/product/index-build/pieces/go.js';
import { cutMarkdown } from '../../../src/product/index-build/pieces/markdown.js';
import { cutPython } from '../../../src/product/index-build/pieces/python.js';
import type { SymbolSpan } from '../../../src/product/index-build/pieces/types.js';
import { cutTypeScript } from '../../../src/product/index-build/pieces/typescript.js';
import { CORPORA } from '../helpers/workspace.js';

function linesOf(path: string): string[] {
  return readFileSync(join(CORPORA, path), 'utf8').replace(/\n$/, '').split('\n');
}

function spans(symbols: SymbolSpan[]): string[] {
  return symbols.map((symbol) => `${symbol.kind} ${symbol.qualified} ${symbol.start}-${symbol.end}`);
}

describe('cutters on the fixture corpora (spans checked by hand)', () => {
  test('Python: classes, methods and functions by indentation, qualified by module path', () => {
    expect(
      spans(cutPython(linesOf('py-shop/shop/cart.py'), { path: 'shop/cart.py', module: 'shop.cart' })),
    ).toEqual([
      'class shop.cart.CartError 6-7',
      'class shop.cart.Cart 10-41',
      'method shop.cart.Cart.__init__ 13-14',
      'method shop.cart.Cart.add_item 16-25',
      'method shop.cart.Cart.remove_item 27-31',
      'method shop.cart.Cart.items 33-34',
      'method shop.cart.Cart.total_cents 36-38',
      'method shop.cart.Cart.is_empty 40-41',
    ]);
  });

  test('Python: decorators belong to the declaration; nested functions stay inside their parent', () => {
    const lines = [
      '@dataclass(frozen=True)',
      'class P:',
      '    x: int',
      '',
      'def outer():',
      '    def inner():',
      '        return 1',
      '    return inner',
      '',
      'VALUE = 3',
    ];
    expect(spans(cutPython(lines, { path: 'm.py', module: 'm' }))).toEqual([
      'class m.P 1-3',
      'function m.outer 5-8',
    ]);
  });

  test('Python: a docstring line at column 0 does not end the function', () => {
    const lines = [
      'def f():',
      '    """Doc',
      'continued at column zero',
      '    """',
      '    return 1',
      '',
      'def g():',
      '    pass',
    ];
    expect(spans(cutPython(lines, { path: 'm.py', module: 'm' }))).toEqual([
      'function m.f 1-5',
      'function m.g 7-8',
    ]);
  });

  test('TypeScript: exported functions, types, consts, classes and their methods, with leading comments', () => {
    expect(
      spans(cutTypeScript(linesOf('ts-notes/src/store/file-store.ts'), { path: 'src/store/file-store.ts' })),
    ).toEqual([
      'class src/store/file-store.ts#FileStore 6-42',
      'method src/store/file-store.ts#FileStore.constructor 8-8',
      'method src/store/file-store.ts#FileStore.fileOf 10-13',
      'method src/store/file-store.ts#FileStore.get 15-22',
      'method src/store/file-store.ts#FileStore.put 24-29',
      'method src/store/file-store.ts#FileStore.delete 31-33',
      'method src/store/file-store.ts#FileStore.list 35-41',
    ]);
    expect(
      spans(cutTypeScript(linesOf('ts-notes/src/sync/clock.ts'), { path: 'src/sync/clock.ts' })),
    ).toEqual([
      'type src/sync/clock.ts#VectorClock 1-2',
      'type src/sync/clock.ts#Ordering 4-4',
      'function src/sync/clock.ts#compareClocks 6-20',
      'function src/sync/clock.ts#joinClocks 22-27',
      'function src/sync/clock.ts#tick 29-32',
    ]);
  });

  test('TypeScript: regex literals, template literals and chained calls do not confuse the extents', () => {
    const lines = [
      'const RE = /[({]/;',
      'export const sql = `',
      'function notReal() {',
      '`;',
      'export const schema = z',
      '  .object({ a: 1 })',
      '  .strict();',
      'export const arrow = async (x: number) => {',
      '  return x;',
      '};',
    ];
    expect(spans(cutTypeScript(lines, { path: 'a.ts' }))).toEqual([
      'variable a.ts#RE 1-1',
      'variable a.ts#sql 2-4',
      'variable a.ts#schema 5-7',
      'function a.ts#arrow 8-10',
    ]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template literal
    expect(depthAtLineEnds(['f("}", \'{\', `${x}`) // {', '/* { */ a[0]'])).toEqual([0, 0]);
  });

  test('Go: functions, methods through their receiver, types and values, with doc comments', () => {
    expect(spans(cutGo(linesOf('go-kv/store/wal.go'), { path: 'store/wal.go' }))).toEqual([
      'class store.WAL 17-21',
      'function store.OpenWAL 23-34',
      'method store.WAL.Append 36-51',
      'method store.WAL.Replay 53-76',
      'method store.WAL.Truncate 78-85',
      'method store.WAL.Close 87-90',
    ]);
  });

  test('Markdown: a section per heading, fenced headings ignored, duplicate slugs numbered', () => {
    const lines = [
      '# Guide',
      'intro',
      '',
      '```sh',
      '# not a heading',
      '```',
      '## Install',
      'npm i',
      '## Install',
      'again',
    ];
    expect(spans(cutMarkdown(lines, { path: 'docs/guide.md' }))).toEqual([
      'section docs/guide.md#guide 1-6',
      'section docs/guide.md#install 7-8',
      'section docs/guide.md#install-1 9-10',
    ]);
  });

  test.each([
    ['src/shop/cart.py', ['src/shop'], 'shop.cart'],
    ['src/shop/__init__.py', ['src/shop'], 'shop'],
    ['shop/payments/retry.py', ['shop', 'shop/payments'], 'shop.payments.retry'],
    ['tests/test_cart.py', [], 'test_cart'],
  ])('pythonModule(%s) is %s', (path, packages, expected) => {
    expect(pythonModule(path, new Set(packages))).toBe(expected);
  });
});
