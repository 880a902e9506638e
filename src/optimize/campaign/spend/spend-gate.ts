import { AgentTrackError, invalidOption } from '../../../core/errors.js';
import type { Plan } from '../../before-after/plan-schema.js';
import { formatUsd } from '../../before-after/plan-text.js';

/** One booking: what it was for and its estimated dollars. */
export interface SpendBooking {
  kind: 'rollout' | 'index_build' | 'judge' | 'proposer' | (string & {});
  key: string;
  usd: number;
}

/** Dollars committed before each paid step; the ceiling is never crossed. */
export interface SpendBook {
  readonly ceilingUsd: number | null;
  bookedUsd(): number;
  /** `null` without a ceiling. */
  remainingUsd(): number | null;
  /** Books `usd` when it fits under the ceiling and returns true; books nothing and returns false when it would cross. */
  tryBook(kind: SpendBooking['kind'], key: string, usd: number): boolean;
  bookings(): readonly SpendBooking[];
}

// Float sums of estimates must not refuse a booking that lands exactly on the ceiling.
const EPSILON = 1e-9;

/**
 * A spend book: each paid step is booked at its estimate BEFORE it starts, and refused when it
 * would take the total past the ceiling. `alreadyBookedUsd` carries what earlier runs of the same
 * campaign booked (a resumed campaign's ceiling counts them).
 *
 * @example
 * const book = createSpendBook({ ceilingUsd: 1 });
 * book.tryBook('rollout', 'baseline/t1', 0.4); // true
 * book.tryBook('rollout', 'candidate/t1', 0.7); // false: 1.1 would cross $1
 */
export function createSpendBook(options: {
  ceilingUsd: number | null;
  alreadyBookedUsd?: number;
}): SpendBook {
  const { ceilingUsd } = options;
  if (ceilingUsd !== null && (!Number.isFinite(ceilingUsd) || ceilingUsd < 0)) {
    throw invalidOption('max-usd', 'a non-negative number of dollars', ceilingUsd);
  }
  let booked = options.alreadyBookedUsd ?? 0;
  const list: SpendBooking[] = [];
  return {
    ceilingUsd,
    bookedUsd: () => booked,
    remainingUsd: () => (ceilingUsd === null ? null : Math.max(0, ceilingUsd - booked)),
    tryBook(kind, key, usd) {
      if (!Number.isFinite(usd) || usd < 0) throw invalidOption('usd', 'a non-negative number', usd);
      if (ceilingUsd !== null && booked + usd > ceilingUsd + EPSILON) return false;
      booked += usd;
      list.push({ kind, key, usd });
      return true;
    },
    bookings: () => list,
  };
}

export interface SpendGate {
  confirmSpend: boolean;
  maxUsd: number | null;
  buildIndexes?: boolean;
}

/**
 * The checks before anything that costs money starts, all before any process is spawned: nothing
 * runs without `--confirm-spend`; with `--max-usd` set, every price the run needs must be known
 * (fail closed, naming the missing flag), and an index build must fit under the ceiling.
 *
 * @example
 * assertSpendAllowed(plan, { confirmSpend: true, maxUsd: 5 });
 */
export function assertSpendAllowed(plan: Plan, gate: SpendGate): void {
  if (!gate.confirmSpend) {
    throw new AgentTrackError(
      'SPEND_NOT_CONFIRMED',
      `Nothing that costs money runs without \`--confirm-spend\`: this plan estimates ${formatUsd(plan.totals.usd)}${
        plan.unknown_prices.length > 0 ? ` with ${plan.unknown_prices.join(', ')} unknown` : ''
      }`,
      { data: { usd: plan.totals.usd } },
    );
  }
  if (gate.maxUsd === null) return;
  if (!Number.isFinite(gate.maxUsd) || gate.maxUsd < 0) {
    throw invalidOption('max-usd', 'a non-negative number of dollars', gate.maxUsd);
  }
  const needed = plan.unknown_prices.filter(
    (flag) => flag !== '--usd-per-1m-embed' || gate.buildIndexes === true,
  );
  if (needed.length > 0) {
    throw new AgentTrackError(
      'SPEND_PRICE_UNKNOWN',
      `\`--max-usd ${gate.maxUsd}\` cannot be enforced while a price is unknown: give ${needed.map((flag) => `\`${flag}\``).join(', ')}`,
      { data: { max_usd: gate.maxUsd, missing: needed } },
    );
  }
  if (gate.buildIndexes === true && plan.corpora.embed_usd > gate.maxUsd + EPSILON) {
    throw new AgentTrackError(
      'SPEND_CEILING_BELOW_BUILD',
      `\`--max-usd ${gate.maxUsd}\` does not cover building the missing indexes (${formatUsd(plan.corpora.embed_usd)})`,
      { data: { max_usd: gate.maxUsd, index_build_usd: plan.corpora.embed_usd } },
    );
  }
}

/**
 * The campaign's spend book after the gate: the index-build estimate comes off the ceiling first
 * when building, then the arms share what is left, rollout by rollout.
 *
 * @example
 * const book = openCampaignSpend(plan, { confirmSpend: true, maxUsd: 5, buildIndexes: true });
 */
export function openCampaignSpend(plan: Plan, gate: SpendGate & { alreadyBookedUsd?: number }): SpendBook {
  assertSpendAllowed(plan, gate);
  const book = createSpendBook({ ceilingUsd: gate.maxUsd, alreadyBookedUsd: gate.alreadyBookedUsd ?? 0 });
  if (gate.buildIndexes === true && plan.corpora.embed_usd > 0) {
    if (!book.tryBook('index_build', 'corpora', plan.corpora.embed_usd)) {
      throw new AgentTrackError(
        'SPEND_CEILING_BELOW_BUILD',
        `\`--max-usd ${gate.maxUsd}\` does not cover building the missing indexes (${formatUsd(plan.corpora.embed_usd)}) after ${formatUsd(book.bookedUsd())} already booked`,
        { data: { max_usd: gate.maxUsd, index_build_usd: plan.corpora.embed_usd } },
      );
    }
  }
  return book;
}
