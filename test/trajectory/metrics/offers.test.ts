import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CACHED_BLOBS_PER_STORE, type Offer, resultOffers } from '../../../src/trajectory/metrics/offers.js';
import { previewIsWhole, resultText } from '../../../src/trajectory/metrics/result-text.js';
import type { BlobReader, Trajectory } from '../../../src/trajectory/trajectory.js';
import { buildTrajectory, type TrajectorySpec } from '../build-trajectory.js';

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

// The offers of a call, as the pointers they came from.
const pointersOf = (trajectory: Trajectory, event: Trajectory['events'][number]) =>
  resultOffers(trajectory, event).map(({ tool, entries }: Offer) => ({
    tool,
    args: Object.fromEntries(entries),
  }));

// A trajectory of the spec whose blobs are read through `store`.
const served = (spec: TrajectorySpec, store: BlobReader): Trajectory => ({
  ...buildTrajectory(spec),
  blobs: store,
});

describe('resultOffers', () => {
  test('a whole preview is parsed without a read; a cut one reads its blob', () => {
    const spec = {
      previewBytes: 16,
      calls: [
        { tool: 'search_codebase', turn: 1, text: '→ read_file()' },
        { tool: 'search_codebase', turn: 1, text: long('a') },
      ],
    };
    const store = counting(buildTrajectory(spec).blobs);
    const trajectory = served(spec, store);
    expect(pointersOf(trajectory, trajectory.events[0]!)).toEqual([{ tool: 'read_file', args: {} }]);
    expect(pointersOf(trajectory, trajectory.events[1]!)).toEqual([
      { tool: 'get_symbol', args: { target: 'a' } },
    ]);
    expect(store.reads).toEqual([trajectory.events[1]!.blob]);
  });

  test('one store reads a recurring blob once, for every trajectory that returned it', () => {
    const spec = { previewBytes: 16, calls: [{ tool: 'search_codebase', turn: 1, text: long('b') }] };
    const store = counting(buildTrajectory(spec).blobs);
    for (const trajectory of [served(spec, store), served(spec, store)]) {
      expect(pointersOf(trajectory, trajectory.events[0]!)).toEqual([
        { tool: 'get_symbol', args: { target: 'b' } },
      ]);
    }
    expect(store.reads).toHaveLength(1);
    // another store keeps its own
    const other = counting(buildTrajectory(spec).blobs);
    const elsewhere = served(spec, other);
    pointersOf(elsewhere, elsewhere.events[0]!);
    expect(other.reads).toHaveLength(1);
  });

  test('a kept copy is what a fresh parse gives: canonical arguments, sorted, and the key', () => {
    const text = `${'#\n'.repeat(20)}→ t(n=1e999, m=-0, s="x", list=["a", {"k": null}])`;
    const spec = { previewBytes: 16, calls: [{ tool: 'search_codebase', turn: 1, text }] };
    const store = counting(buildTrajectory(spec).blobs);
    const entries = [
      ['list', '[a,{"k":null}]'],
      ['m', '0'],
      ['n', 'Infinity'],
      ['s', 'x'],
    ];
    const expected = [{ tool: 't', entries, key: JSON.stringify(['t', ...entries]) }];
    for (const trajectory of [served(spec, store), served(spec, store)]) {
      expect(resultOffers(trajectory, trajectory.events[0]!)).toStrictEqual(expected);
    }
    expect(store.reads).toHaveLength(1);
  });

  test('a blob the store lacks falls back to the preview, and is asked again next time', () => {
    const spec = {
      previewBytes: 64,
      calls: [
        { tool: 'search_codebase', turn: 1, text: `→ read_file(path="a")\n${long('c')}`, dropBlob: true },
      ],
    };
    const store = counting(buildTrajectory(spec).blobs);
    for (const trajectory of [served(spec, store), served(spec, store)]) {
      expect(pointersOf(trajectory, trajectory.events[0]!)).toEqual([
        { tool: 'read_file', args: { path: 'a' } },
      ]);
    }
    expect(store.reads).toHaveLength(2);
  });

  test(`keeps at most ${CACHED_BLOBS_PER_STORE} blobs per store, the least recently used dropped first`, () => {
    const calls = Array.from({ length: CACHED_BLOBS_PER_STORE + 1 }, (_, i) => ({
      tool: 'search_codebase',
      turn: 1,
      text: long(`t${i}`),
    }));
    const spec = { previewBytes: 16, calls };
    const store = counting(buildTrajectory(spec).blobs);
    const trajectory = served(spec, store);
    const { events } = trajectory;
    pointersOf(trajectory, events[0]!);
    for (const event of events.slice(2)) pointersOf(trajectory, event);
    pointersOf(trajectory, events[0]!); // still held: the oldest now is events[2]
    pointersOf(trajectory, events[1]!); // evicts events[2]
    // read again (through another trajectory: the texts of this one are kept for its pass)
    pointersOf({ ...trajectory }, events[2]!);
    expect(store.reads.length).toBe(CACHED_BLOBS_PER_STORE + 2);
    expect(store.reads.at(-1)).toBe(events[2]!.blob);
    expect(store.reads.filter((sha) => sha === events[0]!.blob)).toHaveLength(1);
  });
});

describe('previewIsWhole', () => {
  test('agrees with counting UTF-8 bytes', () => {
    const trajectory = {
      ...buildTrajectory({ calls: [{ tool: 't', turn: 1, text: 'x' }] }),
      blobs: { read: () => 'never' },
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(40), (preview, bytes) => {
        const event = { ...trajectory.events[0]!, preview, bytes };
        expect(previewIsWhole(event)).toBe(Buffer.byteLength(preview, 'utf8') >= bytes);
        if (previewIsWhole(event)) expect(resultText(trajectory, event)).toBe(preview);
      }),
      { numRuns: 2000 },
    );
  });
});
