import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { invalidOption } from '../../core/index.js';
import {
  futilityBoundaries,
  lookSizes,
  plannedDrift,
  type SequentialDesign,
  type Spending,
  sequentialBoundaries,
  sequentialOutcome,
} from '../../stats/index.js';
import { formatUsd } from '../campaign/spend/usd.js';

/** The report's test: one-sided at this level; the looks' success side spends the same. */
const REPORT_ALPHA = 0.05;
const POWER = 0.8;
/** Stop for futility when the conditional power at the planned effect is below this. */
export const FUTILITY_THRESHOLD = 0.1;

/** A campaign run in looks: where each look falls, its boundaries, and what it expects to spend. */
export interface LooksPlan {
  looks: number;
  spending: Spending;
  /** Two-sided level of the design: twice the report's one-sided alpha, so the success side matches it. */
  alpha: number;
  /** Tasks analysed at each look (each with all its repeats). */
  tasks_at: number[];
  /** Stop for success at z >= z[k], for harm at z <= -z[k]. */
  z: number[];
  /** Stop for futility at z < futility[k] (non-binding; none at the last look). */
  futility: (number | null)[];
  futility_threshold: number;
  /** The mean of the last look's z at the effect the fixed design detects at 80% power. */
  planned_drift: number;
  /** Expected rollouts over the fixed design's, at that effect and at none. */
  expected_fraction: number;
  expected_fraction_null: number;
  /** The fixed design's rollout dollars times `expected_fraction`. */
  expected_usd: number;
  fixed_usd: number;
}

/**
 * `--looks` and `--spending` checked before any work: the design itself validates them. `alpha`
 * is the design's two-sided level (default twice the report's one-sided 0.05).
 */
export function checkLooks(
  looks: number,
  spending: Spending | undefined,
  alpha = 2 * REPORT_ALPHA,
): SequentialDesign {
  return sequentialBoundaries({ looks, alpha, ...(spending ? { spending } : {}) });
}

// The chance of stopping at each look, weighted by the share of the tasks run by then.
function expectedShare(
  design: SequentialDesign,
  futility: (number | null)[],
  drift: number,
  at: number[],
): number {
  const outcome = sequentialOutcome(design, { drift, futility });
  const n = at[at.length - 1]!;
  return at.reduce(
    (sum, tasks, k) => sum + (tasks / n) * (outcome.success[k]! + outcome.harm[k]! + outcome.futile[k]!),
    0,
  );
}

/**
 * The looks of a campaign of `tasks` tasks: K equal batches, Lan-DeMets boundaries two-sided at
 * twice the report's one-sided 0.05, the futility rule at the effect the fixed design detects at
 * 80% power, and the spend expected at that effect and at none (the per-look stopping chances of
 * `sequentialOutcome`, each weighted by the tasks run by then).
 *
 * @example
 * looksPlan({ looks: 3, tasks: 12, rolloutsUsd: 1.2 }).tasks_at; // [4, 8, 12]
 */
export function looksPlan(options: {
  looks: number;
  spending?: Spending;
  tasks: number;
  rolloutsUsd: number;
  /** The design's two-sided level (default twice the report's one-sided 0.05). */
  alpha?: number;
  /** `false`: no futility rule, a look stops only at a boundary (default `true`). */
  futility?: boolean;
}): LooksPlan {
  const design = checkLooks(options.looks, options.spending, options.alpha);
  if (options.tasks < design.looks) {
    throw invalidOption('looks', `at most the campaign's ${options.tasks} tasks`, options.looks);
  }
  const at = lookSizes(options.tasks, design.looks);
  const drift = plannedDrift({ alpha: design.alpha / 2, power: POWER, sided: 'one' });
  const futility =
    options.futility === false
      ? design.z.map(() => null)
      : futilityBoundaries(design, { drift, threshold: FUTILITY_THRESHOLD });
  const expected = expectedShare(design, futility, drift, at);
  return {
    looks: design.looks,
    spending: design.spending,
    alpha: design.alpha,
    tasks_at: at,
    z: design.z,
    futility,
    futility_threshold: FUTILITY_THRESHOLD,
    planned_drift: drift,
    expected_fraction: expected,
    expected_fraction_null: expectedShare(design, futility, 0, at),
    expected_usd: options.rolloutsUsd * expected,
    fixed_usd: options.rolloutsUsd,
  };
}

const z3 = (value: number | null) => (value === null ? '-' : value.toFixed(3));
const pct = (value: number) => `${Math.round(value * 100)}%`;

/**
 * The looks' table as a plan prints it under its own heading: each look's tasks and boundaries,
 * then the spend expected at the planned effect and at none.
 */
export function looksTable(plan: LooksPlan): string[] {
  return [
    '  look  tasks  success z >=  harm z <=  futility z <',
    ...plan.z.map(
      (z, k) =>
        `  ${String(k + 1).padEnd(4)}  ${String(plan.tasks_at[k]).padEnd(5)}  ${z3(z).padEnd(13)}  ${z3(-z).padEnd(9)}  ${z3(plan.futility[k] ?? null)}`,
    ),
    `  Expected spend: ${pct(plan.expected_fraction)} of the rollouts (${formatUsd(plan.expected_usd)} of ${formatUsd(plan.fixed_usd)}) at that effect, ${pct(plan.expected_fraction_null)} with no effect`,
  ];
}

/** The name of a plan's spending function, as printed. */
export const spendingName = (plan: LooksPlan) =>
  plan.spending === 'pocock' ? 'Pocock-like' : "O'Brien-Fleming-like";

/** The looks section as the plan prints it. */
export function renderLooksPlan(plan: LooksPlan, primary: string): string {
  return [
    `Looks (--looks ${plan.looks}): after each batch the paired z of ${primary} (the primary row) decides; ${spendingName(plan)} Lan-DeMets spending, two-sided α = ${plan.alpha} (the success side spends the report's one-sided ${plan.alpha / 2}); futility when the conditional power at the effect the fixed design detects at ${POWER * 100}% falls below ${plan.futility_threshold} (non-binding):`,
    ...looksTable(plan),
  ].join('\n');
}

/** Writes `looks.json` beside `plan.json` and returns the printed section. */
export function writeLooksPlan(dir: string, plan: LooksPlan, primary: string): string {
  writeFileSync(join(dir, 'looks.json'), `${JSON.stringify(plan, null, 2)}\n`);
  return renderLooksPlan(plan, primary);
}
