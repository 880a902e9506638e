import { expect, test } from 'vitest';
import { filePathExtractor, textIdentifiers } from '../../../src/trajectory/tools/text-identifiers.js';

test('a read names the file it was asked for and the numbered range it printed', () => {
  expect(textIdentifiers('     1→def a():\n     2→    return 1', { path: 'shop/a.py' })).toEqual({
    identifiers: ['shop/a.py', 'shop/a.py:1-2'],
  });
  // server-filesystem's read_text_file: plain content, the path an absolute argument.
  expect(textIdentifiers('def a():\n    return 1\n', { path: '/repo/shop/a.py' })).toEqual({
    identifiers: ['/repo/shop/a.py'],
  });
  expect(textIdentifiers('x', { paths: ['a.py', 'b.py', 7] })).toEqual({ identifiers: ['a.py', 'b.py'] });
});

test('grep-style lines give (path, line) rows, never a line number as a path', () => {
  const text = 'shop/cart.py:14:    total = 0\nshop/cart.py:21:    return total\nshop/tax.py:3:RATE = 0.2';
  expect(textIdentifiers(text, { pattern: 'total' })).toEqual({
    identifiers: ['shop/cart.py', 'shop/cart.py:14', 'shop/cart.py:21', 'shop/tax.py', 'shop/tax.py:3'],
    rows: [
      { path: 'shop/cart.py', start: 14, end: 14 },
      { path: 'shop/cart.py', start: 21, end: 21 },
      { path: 'shop/tax.py', start: 3, end: 3 },
    ],
  });
});

test('a listing names the paths it printed; a configured pattern replaces the defaults', () => {
  expect(
    filePathExtractor()('/repo/shop/cart.py\n/repo/shop/tax.py', 'search_files', { path: '/repo' }),
  ).toEqual({
    identifiers: ['/repo', '/repo/shop/cart.py', '/repo/shop/tax.py'],
  });
  expect(filePathExtractor(/^\d+\. (\S+?):/gm)('1. a.py: x\n2. b.py: y', 'find', { path: 'z.py' })).toEqual({
    identifiers: ['a.py', 'b.py'],
  });
});
