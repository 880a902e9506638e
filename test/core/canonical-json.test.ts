import { describe, expect, test } from 'vitest';
import { canonicalJson } from '../../src/core/index.js';

describe('canonicalJson', () => {
  test('sorts keys at every depth and drops undefined members, whatever order they came in', () => {
    const expected = '{"a":{"c":3,"d":[{"x":1,"y":2}]},"b":1}';
    expect(canonicalJson({ b: 1, a: { d: [{ y: 2, x: 1 }], c: 3 } })).toBe(expected);
    // Already in order: the same text (written without copying).
    expect(canonicalJson({ a: { c: 3, d: [{ x: 1, y: 2 }] }, b: 1 })).toBe(expected);
    expect(canonicalJson({ a: { c: 3, d: [{ x: 1, y: 2 }], e: undefined }, b: 1 })).toBe(expected);
  });

  test('integer-like keys, objects without a prototype and dates read the same either way', () => {
    expect(canonicalJson({ '9': 'a', '10': 'b', k: 1 })).toBe('{"9":"a","10":"b","k":1}');
    const bare = Object.assign(Object.create(null), { b: 2, a: 1 });
    expect(canonicalJson(bare)).toBe('{"a":1,"b":2}');
    // A non-plain object is taken apart by its own keys, in both orders of its neighbours.
    expect(canonicalJson({ a: new Date(0), b: 1 })).toBe('{"a":{},"b":1}');
    expect(canonicalJson({ b: 1, a: new Date(0) })).toBe('{"a":{},"b":1}');
    expect(canonicalJson([3, 'x', null, { b: 1, a: 2 }])).toBe('[3,"x",null,{"a":2,"b":1}]');
  });
});
