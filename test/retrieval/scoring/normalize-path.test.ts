import { describe, expect, test } from 'vitest';
import { normalizePath } from '../../../src/retrieval/scoring/normalize-path.js';

describe('normalizePath', () => {
  test.each([
    ['src/app.py', 'src/app.py'],
    ['./src/app.py', 'src/app.py'],
    ['././src/app.py', 'src/app.py'],
    ['src\\pkg\\app.py', 'src/pkg/app.py'],
    ['.\\src\\app.py', 'src/app.py'],
    ['src//pkg///app.py', 'src/pkg/app.py'],
    ['src/pkg/', 'src/pkg'],
    ['src/./pkg/../app.py', 'src/app.py'],
    ['../outside.py', '../outside.py'],
    ['/abs/app.py', '/abs/app.py'],
    ['./', ''],
    ['Src/App.py', 'Src/App.py'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  test('case-folds only on request', () => {
    expect(normalizePath('.\\Src\\App.PY', { caseInsensitive: true })).toBe('src/app.py');
    expect(normalizePath('.\\Src\\App.PY', { caseInsensitive: false })).toBe('Src/App.PY');
  });
});
