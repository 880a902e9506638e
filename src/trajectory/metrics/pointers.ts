import type { Trajectory } from '../trajectory.js';
import { callsInOrder } from './calls.js';
import { resultPointers } from './result-pointers.js';

// One spelling per value so that `5` and `"5"` compare equal: a rendered pointer may quote a number.
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
}

function keyOf(tool: string, entries: readonly (readonly [string, string])[]): string {
  return JSON.stringify([tool, ...entries]);
}

/** `pointer_followed_rate` with its parts. */
export interface PointerFollowing {
  readonly offered: number;
  readonly followed: number;
  /** `followed / offered`; `null` when no pointer was offered. */
  readonly rate: number | null;
}

type Entries = readonly (readonly [string, string])[];

// A pointer's arguments, canonical and sorted by name (its identity among the offered ones).
function pointerEntries(args: Readonly<Record<string, unknown>>): Entries {
  return Object.entries(args)
    .map(([key, value]) => [key, canonical(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

// Whether a call's arguments name every argument of a pointer with an equal (canonical) value.
function follows(args: Readonly<Record<string, unknown>>, entries: Entries): boolean {
  for (const [name, value] of entries) {
    if (!Object.hasOwn(args, name)) return false;
    const own = args[name];
    if (own === undefined || canonical(own) !== value) return false;
  }
  return true;
}

/**
 * `pointer_followed_rate`: distinct offered pointers followed / distinct pointers offered. A later
 * call follows a pointer when it names the same tool and every argument the pointer named, with
 * equal values. Pointers are read from the whole result (the blob), not the preview.
 *
 * @example
 * pointerFollowing(trajectory); // { offered: 2, followed: 1, rate: 0.5 }
 */
export function pointerFollowing(trajectory: Trajectory): PointerFollowing {
  // Keys (tool + sorted canonical args) of the distinct pointers offered so far.
  const offered = new Set<string>();
  // Per tool, the offered pointers no call has followed yet: a call scans only its tool's, and a
  // followed pointer leaves the list (it counts once).
  const waiting = new Map<string, Entries[]>();
  let followed = 0;
  for (const { event } of callsInOrder(trajectory)) {
    const open = waiting.get(event.tool);
    if (open !== undefined && open.length > 0) {
      let kept = 0;
      for (const entries of open) {
        if (follows(event.args, entries)) followed += 1;
        else open[kept++] = entries;
      }
      open.length = kept;
    }
    for (const pointer of resultPointers(trajectory, event)) {
      const entries = pointerEntries(pointer.args);
      const key = keyOf(pointer.tool, entries);
      if (offered.has(key)) continue;
      offered.add(key);
      const list = waiting.get(pointer.tool);
      if (list === undefined) waiting.set(pointer.tool, [entries]);
      else list.push(entries);
    }
  }
  return { offered: offered.size, followed, rate: offered.size === 0 ? null : followed / offered.size };
}
