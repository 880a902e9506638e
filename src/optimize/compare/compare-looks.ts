import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CompareLooks, formatZ, ruleRow } from '../../report/index.js';
import type { Task } from '../../retrieval/index.js';
import {
  type LookDecision,
  lookDecision,
  type Spending,
  sequentialBoundaries,
  sequentialZ,
} from '../../stats/index.js';
import { METRIC_COLUMNS, type MetricColumn } from '../../trajectory/index.js';
import { type LooksPlan, looksPlan, looksTable, spendingName } from '../before-after/looks-plan.js';

/** The comparison's family-wise level: the report's two-sided 0.05, shared by the systems' tests. */
const COMPARE_ALPHA = 0.05;

/** The row a comparison in looks stops on by default: the share of tasks whose gold a call reached. */
export const DEFAULT_COMPARE_PRIMARY = 'needle_reached';

/**
 * The primary row of a comparison in looks: a trajectory metric with a direction (the free rung's
 * rows do not depend on the rollouts). Refused by name before any work.
 *
 * @example
 * comparePrimary('needle_reached').direction; // 'higher'
 */
export function comparePrimary(key: string): MetricColumn {
  const row = ruleRow('--primary', key);
  return METRIC_COLUMNS.find((metric) => metric.key === row.key)!;
}

/**
 * The looks of a comparison of `systems` systems against its reference: K equal batches, each
 * system's test two-sided at 0.05 / `systems` (Bonferroni: the family of comparisons holds 0.05
 * over every system and every look), no futility rule (a system like the reference never crosses,
 * so the comparison then runs every task). The expected spend is one system's, at the effect the
 * fixed design detects at 80% power.
 *
 * @example
 * compareLooksPlan({ looks: 2, tasks: 12, rolloutsUsd: 0, systems: 2 }).alpha; // 0.025
 */
export function compareLooksPlan(options: {
  looks: number;
  spending?: Spending;
  tasks: number;
  rolloutsUsd: number;
  systems: number;
}): LooksPlan {
  return looksPlan({ ...options, alpha: COMPARE_ALPHA / options.systems, futility: false });
}

/**
 * The looks of a comparison as its plan states them: `compareLooksPlan`, written to `looks.json`
 * (with its primary row and no look observed yet) and printed.
 */
export function planCompareLooks(
  dir: string,
  options: Parameters<typeof compareLooksPlan>[0] & { primary: string; say: (line: string) => void },
): LooksPlan {
  const { primary, say, ...sizes } = options;
  const plan = compareLooksPlan(sizes);
  writeFileSync(join(dir, 'looks.json'), `${JSON.stringify({ ...plan, primary, observed: [] }, null, 2)}\n`);
  say(renderCompareLooks(plan, primary, sizes.systems));
  return plan;
}

/** One system at one look: its paired z against the reference on the primary row, and the verdict. */
export interface SystemLook {
  system: string;
  pairs: number;
  z: number | null;
  decision: LookDecision;
}

/** One look of a comparison: the tasks it covered and each system still running. */
export interface CompareLookRecord {
  look: number;
  tasks: number;
  systems: SystemLook[];
}

const VERDICT: Record<LookDecision, string> = {
  success: 'better than the reference',
  harm: 'worse than the reference',
  futility: 'no difference in sight',
  continue: 'continue',
};

/**
 * Runs a comparison in looks: the first `tasks_at[k]` tasks, then each system still undecided
 * against the reference on the primary row (per task the system minus the reference, oriented so
 * that a positive z favours the system, through `sequentialZ`) against look k's boundaries. A
 * system that crosses one is decided. The comparison stops when every system is decided, at the
 * last look, or when a run stops short; each look is written into `looks.json` (`observed`).
 */
export async function compareInLooks<R extends { run: { stoppedBy: unknown } }>(options: {
  dir: string;
  tasks: readonly Task[];
  plan: LooksPlan;
  primary: MetricColumn;
  reference: string;
  systems: readonly string[];
  /** A system's primary row per task over `tasks`. */
  values: (system: string, tasks: readonly Task[]) => Promise<ReadonlyMap<string, number | null>>;
  runOn: (tasks: readonly Task[]) => Promise<R>;
  say: (line: string) => void;
}): Promise<{ ran: R; tasks: Task[]; observed: CompareLookRecord[] }> {
  const { plan, say, primary } = options;
  const design = sequentialBoundaries({ looks: plan.looks, alpha: plan.alpha, spending: plan.spending });
  const sign = primary.direction === 'lower' ? -1 : 1;
  const decided = new Set<string>();
  const observed: CompareLookRecord[] = [];
  for (let k = 0; ; k++) {
    const tasks = options.tasks.slice(0, plan.tasks_at[k]);
    const ran = await options.runOn(tasks);
    const reference = await options.values(options.reference, tasks);
    const systems: SystemLook[] = [];
    for (const system of options.systems.filter((name) => !decided.has(name))) {
      const own = await options.values(system, tasks);
      const differences = tasks.flatMap((task) => {
        const a = own.get(task.id);
        const b = reference.get(task.id);
        return a === undefined || a === null || b === undefined || b === null ? [] : [sign * (a - b)];
      });
      const z = sequentialZ(differences);
      const decision = lookDecision(design, plan.futility, k, z);
      if (decision !== 'continue') decided.add(system);
      systems.push({ system, pairs: differences.length, z, decision });
      say(
        `look ${k + 1} of ${plan.looks} after ${tasks.length} tasks: ${system} on ${primary.key}, z = ${formatZ(z)} (better at >= ${plan.z[k]!.toFixed(3)}, worse at <= ${(-plan.z[k]!).toFixed(3)}): ${VERDICT[decision]}`,
      );
    }
    observed.push({ look: k + 1, tasks: tasks.length, systems });
    writeFileSync(
      join(options.dir, 'looks.json'),
      `${JSON.stringify({ ...plan, primary: primary.key, observed }, null, 2)}\n`,
    );
    const all = decided.size === options.systems.length;
    if (all || k === plan.looks - 1 || ran.run.stoppedBy !== null) {
      if (all && k < plan.looks - 1) {
        say(
          `stopped early: every system decided; ${options.tasks.length - tasks.length} of ${options.tasks.length} tasks not run`,
        );
      }
      return { ran, tasks, observed };
    }
  }
}

/**
 * The looks section of a comparison's plan.
 *
 * @example
 * renderCompareLooks(plan, 'needle_reached', 2); // 'Looks (--looks 2): after each batch ...'
 */
function renderCompareLooks(plan: LooksPlan, primary: string, systems: number): string {
  return [
    `Looks (--looks ${plan.looks}): after each batch each system's paired z against the reference on ${primary} (the primary row) decides; ${spendingName(plan)} Lan-DeMets spending, two-sided α = ${Number(plan.alpha.toPrecision(3))} per system (0.05 over ${systems} system${systems === 1 ? '' : 's'}, Bonferroni); no futility rule: the comparison stops once every system has crossed a boundary. The expected spend is one system's:`,
    ...looksTable(plan),
  ].join('\n');
}

/**
 * What a comparison in looks did, for its report: each look, and one line saying where it stopped
 * and each system's verdict.
 *
 * @example
 * compareLooksSummary(plan, 'needle_reached', observed, 12).line;
 * // 'stopped at look 1 of 2 after 6 of 12 tasks: server-filesystem worse than the reference (z = -3.1 at look 1); ...'
 */
export function compareLooksSummary(
  plan: LooksPlan,
  primary: string,
  observed: readonly CompareLookRecord[],
  total: number,
): CompareLooks {
  const last = observed.at(-1)!;
  const verdicts = new Map<string, string>();
  for (const record of observed)
    for (const system of record.systems) {
      const z = formatZ(system.z, system.decision);
      verdicts.set(
        system.system,
        system.decision === 'continue'
          ? `${system.system} no boundary crossed (z = ${z} at look ${record.look})`
          : `${system.system} ${VERDICT[system.decision]} (z = ${z} at look ${record.look})`,
      );
    }
  const where =
    last.look < plan.looks
      ? `stopped at look ${last.look} of ${plan.looks} after ${last.tasks} of ${total} tasks`
      : `all ${plan.looks} looks ran (${last.tasks} tasks)`;
  return {
    looks: plan.looks,
    spending: plan.spending,
    alpha: plan.alpha,
    primary,
    // As JSON writes it: an infinite z is `null`, its verdict says which side.
    observed: observed.map((record) => ({
      ...record,
      systems: record.systems.map((s) => ({ ...s, z: s.z !== null && Number.isFinite(s.z) ? s.z : null })),
    })),
    line: `${where} on ${primary}: ${[...verdicts.values()].join('; ')}; the rows below are tested as a fixed design over the tasks run.`,
  };
}
