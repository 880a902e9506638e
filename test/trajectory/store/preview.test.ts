import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_PREVIEW_BYTES, previewOf } from '../../../src/trajectory/store/preview.js';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('previewOf', () => {
  test.each([
    // text, cap, expected (é = 2 bytes, € = 3 bytes, 😀 = 4 bytes as a surrogate pair)
    ['hello', 10, 'hello'],
    ['hello', 5, 'hello'],
    ['hello', 4, 'hell'],
    ['hello', 0, ''],
    ['héllo', 1, 'h'],
    ['héllo', 2, 'h'],
    ['héllo', 3, 'hé'],
    ['ab€', 3, 'ab'],
    ['ab€', 4, 'ab'],
    ['ab€', 5, 'ab€'],
    ['a😀b', 1, 'a'],
    ['a😀b', 2, 'a'],
    ['a😀b', 4, 'a'],
    ['a😀b', 5, 'a😀'],
    ['a😀b', 6, 'a😀b'],
    // The cap cuts the UTF-16 head inside the surrogate pair: the lone high surrogate is dropped.
    ['aaa😀', 4, 'aaa'],
  ])('previewOf(%j, %i) = %j', (text, cap, expected) => {
    expect(previewOf(text, cap)).toBe(expected);
  });

  test('the default cap is 2048 bytes, cut before a 3-byte character that straddles it', () => {
    expect(DEFAULT_PREVIEW_BYTES).toBe(2048);
    const text = `a${'€'.repeat(1000)}`; // 1 + 3000 bytes; 1 + 3*682 = 2047 fits, the 683rd € would end at 2050
    const preview = previewOf(text);
    expect(preview).toBe(`a${'€'.repeat(682)}`);
    expect(bytes(preview)).toBe(2047);
  });

  test('4-byte characters that end exactly on the cap are kept whole', () => {
    const preview = previewOf('😀'.repeat(600)); // 2400 bytes
    expect(preview).toBe('😀'.repeat(512));
    expect(bytes(preview)).toBe(2048);
  });

  test('ASCII at and past the cap', () => {
    expect(previewOf('x'.repeat(2048))).toHaveLength(2048);
    expect(previewOf('x'.repeat(2049))).toHaveLength(2048);
  });

  test('a negative or fractional cap is refused by name', () => {
    expect(() => previewOf('abc', -1)).toThrow(/`maxBytes` option to be a non-negative integer, got `-1`/);
    expect(() => previewOf('abc', 1.5)).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });

  test('property: the longest prefix of whole code points that fits the cap', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.integer({ min: 0, max: 120 }),
        (text, cap) => {
          const preview = previewOf(text, cap);
          expect(text.startsWith(preview)).toBe(true);
          expect(bytes(preview)).toBeLessThanOrEqual(cap);
          const next = String.fromCodePoint(text.codePointAt(preview.length) ?? 0);
          if (preview.length < text.length) expect(bytes(preview) + bytes(next)).toBeGreaterThan(cap);
        },
      ),
    );
  });
});
