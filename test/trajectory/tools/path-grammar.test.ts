import { describe, expect, test } from 'vitest';
import { isPathLike, type PathPlace } from '../../../src/trajectory/tools/path-grammar.js';

describe('the path grammar (no corpus to ask)', () => {
  test.each<[string, PathPlace, boolean]>([
    // Timestamps, dates and times: the `x:12` the old reading took for `path:line`.
    ['2026-12-04T20:06:17.217Z', 'value', false],
    ['2026-12-04T20', 'value', false],
    ['2026-12-04', 'line', false],
    ['2026-12-04 20:06:17', 'line', false],
    ['12/04/2026', 'line', false],
    ['12:30', 'value', false],
    ['12:30:05', 'value', false],
    // URLs, versions, numbers.
    ['https://example.com/a.py', 'value', false],
    ['file:///repo/a.py', 'value', false],
    ['1.2.3', 'value', false],
    ['v2.0.1-beta.1', 'value', false],
    ['3.14', 'value', false],
    ['42', 'value', false],
    ['lib/1.2.3', 'line', false],
    // A colon is never part of a path, but for a drive letter.
    ['src/a.py:12', 'value', false],
    ['C:\\repo\\src\\a.py', 'line', true],
    ['C:/repo/src/a.py', 'line', true],
    ['src\\pkg\\mod.py', 'token', true],
    // Dotted directories and spaces: a whole line may hold them under an absolute path.
    ['/tmp/tmp.x1y2/agent track/shop/cart.py', 'line', true],
    ['/tmp/tmp.x1y2', 'line', true],
    ['/tmp/tmp.x1y2/agent track/shop', 'line', false],
    ['/tmp/tmp.x1y2/agent track/shop/cart.py', 'token', false],
    ['my dir/a.py', 'line', false],
    ['./.github/workflows/ci.yml', 'token', true],
    // What each place asks of the shape.
    ['src/a.py', 'token', true],
    ['README.md', 'token', true],
    ['notes.xyz', 'token', false],
    ['notes.xyz', 'line', true],
    ['/repo/Makefile', 'line', false],
    ['/repo/Makefile', 'value', true],
    ['Makefile', 'line', false],
    ['Makefile', 'value', true],
    ['No matches found', 'line', false],
    ['Done.', 'line', false],
    ['e.g.', 'token', false],
    ['', 'value', false],
  ])('isPathLike(%j, %s) is %s', (candidate, place, expected) => {
    expect(isPathLike(candidate, place)).toBe(expected);
  });
});
