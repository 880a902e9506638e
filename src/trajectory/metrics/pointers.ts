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

// Past this many arguments a call is matched by scanning its tool's pointers instead of subsets.
const MAX_SUBSET_ARGS = 8;

/** `pointer_followed_rate` with its parts. */
export interface PointerFollowing {
  readonly offered: number;
  readonly followed: number;
  /** `followed / offered`; `null` when no pointer was offered. */
  readonly rate: number | null;
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
  // Offered pointers by key (tool + sorted canonical args): followed or not.
  const offered = new Map<string, { followed: boolean; entries: readonly (readonly [string, string])[] }>();
  const byTool = new Map<string, string[]>();
  for (const { event } of callsInOrder(trajectory)) {
    // Only a tool some earlier result pointed at can follow anything.
    if (byTool.has(event.tool)) {
      const entries = Object.entries(event.args)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, canonical(value)] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1));
      for (const key of matchingKeys(event.tool, entries, offered, byTool)) {
        const pointer = offered.get(key);
        if (pointer !== undefined) pointer.followed = true;
      }
    }
    for (const pointer of resultPointers(trajectory, event)) {
      const pointerEntries = Object.entries(pointer.args)
        .map(([key, value]) => [key, canonical(value)] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1));
      const key = keyOf(pointer.tool, pointerEntries);
      if (offered.has(key)) continue;
      offered.set(key, { followed: false, entries: pointerEntries });
      const list = byTool.get(pointer.tool);
      if (list === undefined) byTool.set(pointer.tool, [key]);
      else list.push(key);
    }
  }
  const followed = [...offered.values()].filter((pointer) => pointer.followed).length;
  return { offered: offered.size, followed, rate: offered.size === 0 ? null : followed / offered.size };
}

// The keys of offered pointers a call with these (sorted) arguments would follow: every subset of
// its arguments is a candidate key, so the lookup stays constant per call instead of a scan.
function matchingKeys(
  tool: string,
  entries: readonly (readonly [string, string])[],
  offered: ReadonlyMap<string, { entries: readonly (readonly [string, string])[] }>,
  byTool: ReadonlyMap<string, readonly string[]>,
): string[] {
  const candidates = byTool.get(tool);
  if (candidates === undefined) return [];
  if (entries.length > MAX_SUBSET_ARGS) {
    const own = new Map(entries);
    return candidates.filter((key) =>
      (offered.get(key)?.entries ?? []).every(([name, value]) => own.get(name) === value),
    );
  }
  const keys: string[] = [];
  for (let mask = 0; mask < 1 << entries.length; mask += 1) {
    keys.push(
      keyOf(
        tool,
        entries.filter((_, index) => (mask & (1 << index)) !== 0),
      ),
    );
  }
  return keys.filter((key) => offered.has(key));
}
