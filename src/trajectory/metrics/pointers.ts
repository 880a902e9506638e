import type { Trajectory } from '../trajectory.js';
import { callsInOrder } from './calls.js';
import { canonical, type OfferEntries, resultOffers } from './offers.js';

/** `pointer_followed_rate` with its parts. */
export interface PointerFollowing {
  readonly offered: number;
  readonly followed: number;
  /** `followed / offered`; `null` when no pointer was offered. */
  readonly rate: number | null;
}

// Whether a call's arguments name every argument of a pointer with an equal (canonical) value.
function follows(args: Readonly<Record<string, unknown>>, entries: OfferEntries): boolean {
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
  const waiting = new Map<string, OfferEntries[]>();
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
    for (const offer of resultOffers(trajectory, event)) {
      if (offered.has(offer.key)) continue;
      offered.add(offer.key);
      const list = waiting.get(offer.tool);
      if (list === undefined) waiting.set(offer.tool, [offer.entries]);
      else list.push(offer.entries);
    }
  }
  return { offered: offered.size, followed, rate: offered.size === 0 ? null : followed / offered.size };
}
