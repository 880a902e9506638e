import { z } from 'zod';
import { AgentTrackError } from '../../../core/errors.js';
import { openJsonlLog } from '../../../core/index.js';
import type { CallKind } from '../../optimizer/money/estimate.js';
import type { SpendBooking } from './spend-gate.js';

/** A paid call reserved at its worst case before it is made, then settled at what it cost. */
export const spendLineSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('reserve'),
      kind: z.enum(['rollout', 'proposer', 'judge']),
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

// Float sums of estimates must not refuse a booking that lands exactly on the ceiling.
const EPSILON = 1e-9;

/**
 * The optimizer's one ledger of paid calls (`spend.jsonl`): rollouts, judge and proposer. A call is
 * reserved at its worst case BEFORE it is made, and refused when the reservation would take the
 * total past the ceiling; once made it is settled at its cost when that is known (a settlement
 * above the reservation counts whole). A reservation never settled (a kill mid-call) stays at its
 * worst case, so a resumed campaign counts it and the ceiling still holds. A dry run reserves $0.
 *
 * @example
 * const ledger = openSpendLedger('runs/o/spend.jsonl', { ceilingUsd: 5 });
 * const key = ledger.reserve('proposer', 'proposer/r1/0', 1, 0.15); // throws BUDGET_EXHAUSTED when it would cross $5
 * ledger.settle(key, 0.04);
 */
export interface SpendLedger {
  readonly ceilingUsd: number;
  /** Reserved worst cases, replaced by settled costs where known. */
  spentUsd(): number;
  /** Returns the key booked: `key`, or `key#n` for the n-th call under a key already booked (a retry). */
  reserve(kind: CallKind, key: string, calls: number, usd: number): string;
  settle(key: string, usd: number): void;
  /** Calls reserved so far of a kind (this run and the runs it resumes). */
  calls(kind: CallKind): number;
  /** One booking per reservation at its current amount (for `spendByKind`). */
  bookings(): SpendBooking[];
}

export function openSpendLedger(file: string, options: { ceilingUsd: number }): SpendLedger {
  const log = openJsonlLog(file, spendLineSchema, 'spend ledger');
  const reserved = new Map<string, { kind: CallKind; calls: number; usd: number }>();
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
  return {
    ceilingUsd: options.ceilingUsd,
    spentUsd,
    reserve(kind, key, calls, usd) {
      if (!Number.isFinite(usd) || usd < 0)
        throw new AgentTrackError('PRICE_UNKNOWN', `No price for ${key}: a paid call fails closed`, {
          data: { key },
        });
      let booked = key;
      for (let n = 2; reserved.has(booked); n++) booked = `${key}#${n}`;
      const spent = spentUsd();
      if (spent + usd > options.ceilingUsd + EPSILON)
        throw new AgentTrackError(
          'BUDGET_EXHAUSTED',
          `the ceiling $${options.ceilingUsd.toFixed(2)} would be crossed by ${key} (worst case $${usd.toFixed(4)} on $${spent.toFixed(4)} spent)`,
          { data: { key, usd, spent, ceiling: options.ceilingUsd } },
        );
      write({ type: 'reserve', kind, key: booked, calls, usd });
      return booked;
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
    calls(kind) {
      let n = 0;
      for (const r of reserved.values()) if (r.kind === kind) n += r.calls;
      return n;
    },
    bookings: () => [...reserved.entries()].map(([key, r]) => ({ kind: r.kind, key, usd: amount(key) })),
  };
}
