import { describe, expect, test } from 'vitest';
import { maskCLike } from '../../../src/product/index-build/code-mask/c-like.js';
import { maskPython } from '../../../src/product/index-build/code-mask/python.js';
import { cutPython } from '../../../src/product/index-build/pieces/python.js';

describe('code masks keep code and columns, blank literals and comments', () => {
  test.each([
    ['f("a(b)"); // g()', 'f(      );       '],
    ["const r = /x(y)/g; h('(')", 'const r =       g; h(   )'],
    ['a / b(c)', 'a / b(c)'],
    ['x = `t \x24{y}`; z()', 'x =         ; z()'],
    ['k(/* p() */ 1)', 'k(          1)'],
  ])('C-like %j', (line, code) => {
    expect(maskCLike([line]).code).toEqual([code]);
  });

  test('C-like: a block comment or template literal across lines is blanked and marked open', () => {
    expect(maskCLike(['a(); /* b()', 'c() */ d()', 'e = `', 'f()`; g()'])).toEqual({
      code: ['a();       ', '       d()', 'e =  ', '    ; g()'],
      open: [true, false, true, false],
    });
  });

  test.each([
    ['x = f("a(b)")  # g()', 'x = f(      )       '],
    ["y = rb'\\'(' + bar(1)", 'y =         + bar(1)'],
    ['name("x")', 'name(   )'],
  ])('Python %j', (line, code) => {
    expect(maskPython([line]).code).toEqual([code]);
  });

  test('Python: a triple-quoted string across lines is blanked and marked open', () => {
    expect(maskPython(['def f():', '    """Doc f()', '    g() """', '    return h()'])).toEqual({
      code: ['def f():', '              ', '           ', '    return h()'],
      open: [false, true, false, false],
    });
  });

  test("Python: three quotes inside a one-line string do not open a docstring (`\"'''\"`)", () => {
    const lines = ["QUOTE = \"'''\"", '', 'def f():', '    return 1'];
    expect(cutPython(lines, { path: 'm.py', module: 'm' }).map((symbol) => symbol.qualified)).toEqual([
      'm.f',
    ]);
  });
});
