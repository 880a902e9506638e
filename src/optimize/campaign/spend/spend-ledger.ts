import { z } from 'zod';
import { AgentTrackError, invalidOption, openJsonlLog } from '../../../core/index.js';

/** What a campaign pays for: agent rollouts, the optimizer's proposer and judge, index builds. */
export const SPEND_KINDS = ['rollout', 'proposer', 'judge', 'index_build'] as const;
export type SpendKind = (typeof SPEND_KINDS)[number];

/** A paid call reserved at its worst case before it is made, then settled at what it cost. */
export const spendLineSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('reserve'),
      kind: z.enum(SPEND_KINDS),
      key: z.string().min(1),
      /** Calls this reservation covers (a rollout batch books one per rollout). */
      calls: z.number().int().positive(),
      usd: z.number().nonnegative(),
    })
    .strict(),
  z
    .object({
      type: z.literal('settle'),
      key: z.string().min(1),
      /** What the calls cost (tokens at the given prices, or the endpoint's quote). */
      usd: z.number().nonnegative(),
    })
    .strict(),
]);

export type SpendLine = z.infer<typeof spendLineSchema>;

/** One reservation at its current amount: its worst case, or what it settled at. */
export interface SpendBooking {
  kind: SpendKind;
  key: string;
  usd: number;
}

// Float sums of estimates must not refuse a booking that lands exactly on the ceiling.
const EPSILON = 1e-9;

/**
 * Whether a total of dollars is past a ceiling (`null`: none), a float sum landing on it not past.
 *
 * @example
 * crossesCeiling(0.1 + 0.2, 0.3); // false
 */
export function crossesCeiling(totalUsd: number, ceilingUsd: number | null): boolean {
  return ceilingUsd !== null && totalUsd > ceilingUsd + EPSILON;
}

/**
 * The one ledger of paid calls (`spend.jsonl`) every job uses: before-after and track rollouts,
 * the optimizer's rollouts, proposer and judge, index builds. A call is reserved at its worst
 * case BEFORE it is made, and refused when the reservation would take the total past the ceiling;
 * once made it is settled at its cost when that is known (a settlement above the reservation counts
 * whole). A reservation never settled (a kill mid-call, a failed attempt) stays at its worst case,
 * so a resumed campaign counts it and the ceiling still holds. A dry run reserves $0.
 *
 * @example
 * const ledger = openSpendLedger('runs/o/spend.jsonl', { ceilingUsd: 5 });
 * const key = ledger.reserve('proposer', 'proposer/r1/0', 1, 0.15); // throws BUDGET_EXHAUSTED when it would cross $5
 * ledger.settle(key, 0.04);
 */
export interface SpendLedger {
  readonly file: string;
  /** `null`: no ceiling. */
  readonly ceilingUsd: number | null;
  /** The torn last line a kill left (cut on open), `null` when none. */
  readonly tornLine: number | null;
  /** Reserved worst cases, replaced by settled costs where known, across every run of the campaign. */
  spentUsd(): number;
  /** What is left under the ceiling; `null` without one. */
  remainingUsd(): number | null;
  /**
   * Reserves `usd` for `calls` calls when it fits under the ceiling and returns the key booked:
   * `key`, or `key#n` for the n-th reservation under a key already booked (a retry). Returns
   * `null`, writing nothing, when it would cross.
   */
  tryReserve(kind: SpendKind, key: string, calls: number, usd: number): string | null;
  /** As `tryReserve`, but a reservation that would cross the ceiling throws `BUDGET_EXHAUSTED`. */
  reserve(kind: SpendKind, key: string, calls: number, usd: number): string;
  settle(key: string, usd: number): void;
  /** The reservations booked under `key` (`key`, `key#2`, ...) never settled, oldest first. */
  openReservations(key: string): string[];
  /** Calls reserved so far of a kind (this run and the runs it resumes). */
  calls(kind: SpendKind): number;
  bookings(): SpendBooking[];
}

export function openSpendLedger(file: string, options: { ceilingUsd: number | null }): SpendLedger {
  const { ceilingUsd } = options;
  if (ceilingUsd !== null && (!Number.isFinite(ceilingUsd) || ceilingUsd < 0)) {
    throw invalidOption('max-usd', 'a non-negative number of dollars', ceilingUsd);
  }
  const log = openJsonlLog(file, spendLineSchema, 'spend ledger');
  const reserved = new Map<string, { kind: SpendKind; calls: number; usd: number }>();
  const settled = new Map<string, number>();
  const apply = (line: SpendLine) => {
    if (line.type === 'reserve')
      reserved.set(line.key, { kind: line.kind, calls: line.calls, usd: line.usd });
    else settled.set(line.key, line.usd);
  };
  for (const line of log.records) apply(line);
  const amount = (key: string) => settled.get(key) ?? reserved.get(key)!.usd;
  const spentUsd = () => {
    let total = 0;
    for (const key of reserved.keys()) total += amount(key);
    return total;
  };
  const write = (line: SpendLine) => {
    log.append(line);
    apply(line);
  };
  const priced = (key: string, usd: number) => {
    if (!Number.isFinite(usd) || usd < 0)
      throw new AgentTrackError('PRICE_UNKNOWN', `No price for ${key}: a paid call fails closed`, {
        data: { key },
      });
  };
  const tryReserve = (kind: SpendKind, key: string, calls: number, usd: number): string | null => {
    priced(key, usd);
    if (crossesCeiling(spentUsd() + usd, ceilingUsd)) return null;
    let booked = key;
    for (let n = 2; reserved.has(booked); n++) booked = `${key}#${n}`;
    write({ type: 'reserve', kind, key: booked, calls, usd });
    return booked;
  };
  return {
    file,
    ceilingUsd,
    tornLine: log.tornLine,
    spentUsd,
    remainingUsd: () => (ceilingUsd === null ? null : Math.max(0, ceilingUsd - spentUsd())),
    tryReserve,
    reserve(kind, key, calls, usd) {
      const booked = tryReserve(kind, key, calls, usd);
      if (booked !== null) return booked;
      const spent = spentUsd();
      throw new AgentTrackError(
        'BUDGET_EXHAUSTED',
        `the ceiling $${ceilingUsd!.toFixed(2)} would be crossed by ${key} (worst case $${usd.toFixed(4)} on $${spent.toFixed(4)} spent)`,
        { data: { key, usd, spent, ceiling: ceilingUsd } },
      );
    },
    settle(key, usd) {
      // A NaN would turn the total to NaN (no ceiling refuses then) and write a line no resume reads.
      if (!Number.isFinite(usd) || usd < 0)
        throw new AgentTrackError('PRICE_UNKNOWN', `Cost \`${usd}\` of ${key} is not a price in dollars`, {
          data: { key, usd },
        });
      if (!reserved.has(key))
        throw new AgentTrackError('SPEND_KEY_UNKNOWN', `\`${key}\` was never reserved`, { data: { key } });
      write({ type: 'settle', key, usd });
    },
    openReservations(key) {
      const open: string[] = [];
      for (let n = 1, booked = key; reserved.has(booked); n++, booked = `${key}#${n}`)
        if (!settled.has(booked)) open.push(booked);
      return open;
    },
    calls(kind) {
      let n = 0;
      for (const r of reserved.values()) if (r.kind === kind) n += r.calls;
      return n;
    },
    bookings: () => [...reserved.entries()].map(([key, r]) => ({ kind: r.kind, key, usd: amount(key) })),
  };
}
