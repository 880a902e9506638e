import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CACHED_BLOBS_PER_STORE, resultPointers } from '../../../src/trajectory/metrics/result-pointers.js';
import { previewIsWhole, resultText } from '../../../src/trajectory/metrics/result-text.js';
import type { BlobReader } from '../../../src/trajectory/trajectory.js';
import { buildTrajectory } from '../build-trajectory.js';

// A long result ending with a pointer the 16-byte preview cuts off.
const long = (target: string) => `${'#\n'.repeat(20)}together: → get_symbol(target="${target}")`;

// The blob reads a reader saw, by name.
function counting(reader: BlobReader): BlobReader & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    read: (sha256) => {
      reads.push(sha256);
      return reader.read(sha256);
    },
  };
}

describe('resultPointers', () => {
  test('a whole preview is parsed without a read; a cut one reads its blob', () => {
    const { events, blobs } = buildTrajectory({
      previewBytes: 16,
      calls: [
        { tool: 'search_codebase', turn: 1, text: '→ read_file()' },
        { tool: 'search_codebase', turn: 1, text: long('a') },
      ],
    });
    const store = counting(blobs);
    expect(resultPointers(events[0]!, store)).toEqual([{ tool: 'read_file', args: {} }]);
    expect(resultPointers(events[1]!, store)).toEqual([{ tool: 'get_symbol', args: { target: 'a' } }]);
    expect(store.reads).toEqual([events[1]!.blob]);
  });

  test('one store reads a recurring blob once, for every trajectory that returned it', () => {
    const spec = { previewBytes: 16, calls: [{ tool: 'search_codebase', turn: 1, text: long('b') }] };
    const first = buildTrajectory(spec);
    const again = buildTrajectory(spec);
    const store = counting(first.blobs);
    const other = counting(first.blobs);
    for (const event of [first.events[0]!, again.events[0]!]) {
      expect(resultPointers(event, store)).toEqual([{ tool: 'get_symbol', args: { target: 'b' } }]);
    }
    expect(store.reads).toHaveLength(1);
    // another store keeps its own
    resultPointers(again.events[0]!, other);
    expect(other.reads).toHaveLength(1);
  });

  test('a blob the store lacks falls back to the preview, and is asked again next time', () => {
    const spec = {
      previewBytes: 64,
      calls: [
        { tool: 'search_codebase', turn: 1, text: `→ read_file(path="a")\n${long('c')}`, dropBlob: true },
      ],
    };
    const store = counting(buildTrajectory(spec).blobs);
    for (const { events } of [buildTrajectory(spec), buildTrajectory(spec)]) {
      expect(resultPointers(events[0]!, store)).toEqual([{ tool: 'read_file', args: { path: 'a' } }]);
    }
    expect(store.reads).toHaveLength(2);
  });

  test(`keeps at most ${CACHED_BLOBS_PER_STORE} blobs per store, the least recently used dropped first`, () => {
    const calls = Array.from({ length: CACHED_BLOBS_PER_STORE + 1 }, (_, i) => ({
      tool: 'search_codebase',
      turn: 1,
      text: long(`t${i}`),
    }));
    const { events, blobs } = buildTrajectory({ previewBytes: 16, calls });
    const store = counting(blobs);
    resultPointers(events[0]!, store);
    for (const event of events.slice(2)) resultPointers(event, store);
    resultPointers(events[0]!, store); // still held: the oldest now is events[2]
    resultPointers(events[1]!, store); // evicts events[2]
    resultPointers({ ...events[2]! }, store); // read again (a fresh event: its own text was kept too)
    expect(store.reads.length).toBe(CACHED_BLOBS_PER_STORE + 2);
    expect(store.reads.at(-1)).toBe(events[2]!.blob);
    expect(store.reads.filter((sha) => sha === events[0]!.blob)).toHaveLength(1);
  });
});

describe('previewIsWhole', () => {
  test('agrees with counting UTF-8 bytes', () => {
    const { events } = buildTrajectory({ calls: [{ tool: 't', turn: 1, text: 'x' }] });
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(40), (preview, bytes) => {
        const event = { ...events[0]!, preview, bytes };
        expect(previewIsWhole(event)).toBe(Buffer.byteLength(preview, 'utf8') >= bytes);
        if (previewIsWhole(event)) expect(resultText(event, { read: () => 'never' })).toBe(preview);
      }),
      { numRuns: 2000 },
    );
  });
});
