import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { LooksSummary } from '../../report/index.js';
import type { Task } from '../../retrieval/index.js';
import { type LookDecision, lookDecision, sequentialBoundaries, sequentialZ } from '../../stats/index.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import type { LooksPlan } from './looks-plan.js';
import { readPlan } from './plan.js';
import { pairedDifferences } from './power-plan.js';

// The primary row of the campaign's decision rule, as its plan states it.
const primaryOf = (dir: string) => readPlan(campaignPaths(dir).plan).decision_rule.primary;

/** One look as it happened: the tasks analysed, the primary row's z and what it decided. */
export interface LookRecord {
  look: number;
  tasks: number;
  /** Tasks both arms defined the primary row on. */
  pairs: number;
  z: number | null;
  decision: LookDecision;
}

/**
 * The primary row's z over the tasks run so far, oriented so that a positive z favours the
 * candidate: each task's paired difference (the mean over its repeats), sign-flipped for a row
 * whose better direction is lower, through `sequentialZ`.
 */
export async function primaryZ(
  dir: string,
  tasks: readonly Task[],
): Promise<{ z: number | null; pairs: number }> {
  const { key, direction } = primaryOf(dir);
  const perTask = (await pairedDifferences(dir, { tasks })).byRow.get(key) ?? [];
  const sign = direction === 'lower' ? -1 : 1;
  const differences = perTask.map((repeats) => (sign * repeats.reduce((a, b) => a + b, 0)) / repeats.length);
  return { z: sequentialZ(differences), pairs: differences.length };
}

/**
 * Runs a campaign in looks: the first `tasks_at[k]` tasks (each with all its repeats; the ledger
 * skips what already ran, a pilot's tasks included), then the primary row's z against look k's
 * boundaries; stops at success, harm or futility, or when a run stops short (ceiling, interrupt).
 * Writes each look into `looks.json` (`observed`) and returns the tasks the report covers.
 */
export async function runInLooks<R extends { run: { stoppedBy: unknown } }>(options: {
  dir: string;
  tasks: readonly Task[];
  plan: LooksPlan;
  runOn: (tasks: readonly Task[]) => Promise<R>;
  say: (line: string) => void;
}): Promise<{ ran: R; tasks: Task[]; observed: LookRecord[] }> {
  const { plan, say } = options;
  const design = sequentialBoundaries({ looks: plan.looks, alpha: plan.alpha, spending: plan.spending });
  const observed: LookRecord[] = [];
  for (let k = 0; ; k++) {
    const tasks = options.tasks.slice(0, plan.tasks_at[k]);
    const ran = await options.runOn(tasks);
    const { z, pairs } = await primaryZ(options.dir, tasks);
    const decision = lookDecision(design, plan.futility, k, z);
    const last = k === plan.looks - 1;
    observed.push({ look: k + 1, tasks: tasks.length, pairs, z, decision });
    writeFileSync(join(options.dir, 'looks.json'), `${JSON.stringify({ ...plan, observed }, null, 2)}\n`);
    say(
      `look ${k + 1} of ${plan.looks} after ${tasks.length} tasks: ${primaryOf(options.dir).key} z = ${z === null ? 'n/a' : z.toFixed(3)} (success at >= ${design.z[k]!.toFixed(3)}, harm at <= ${(-design.z[k]!).toFixed(3)}${plan.futility[k] === null ? '' : `, futility below ${plan.futility[k]!.toFixed(3)}`}): ${
        decision === 'continue' ? (last ? 'no verdict at the last look' : 'continue') : `stop for ${decision}`
      }`,
    );
    if (decision !== 'continue' || last || ran.run.stoppedBy !== null) {
      if (!last && decision !== 'continue') {
        say(`stopped early: ${options.tasks.length - tasks.length} of ${options.tasks.length} tasks not run`);
      }
      return { ran, tasks, observed };
    }
  }
}

const looksFileSchema = z.object({
  looks: z.number().int().min(2),
  spending: z.enum(['obrien-fleming', 'pocock']),
  tasks_at: z.array(z.number().int()),
  z: z.array(z.number()),
  observed: z
    .array(
      z.object({
        look: z.number().int().positive(),
        tasks: z.number().int(),
        pairs: z.number().int(),
        z: z.number().nullable(),
        decision: z.enum(['success', 'harm', 'futility', 'continue']),
      }),
    )
    .default([]),
});

/**
 * What a run in looks did, for its report: each look as `looks.json` kept it and one line saying
 * where it stopped and why. `null` when the run was not in looks or no look was taken yet.
 *
 * @example
 * looksSummary('runs/demo')?.line; // 'stopped for success at look 2 of 3 after 8 of 12 tasks (...)'
 */
export function looksSummary(dir: string): LooksSummary | null {
  const file = join(dir, 'looks.json');
  if (!existsSync(file)) return null;
  const parsed = looksFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success || parsed.data.observed.length === 0) return null;
  const { looks, spending, tasks_at, observed } = parsed.data;
  const last = observed.at(-1)!;
  const total = tasks_at.at(-1)!;
  const z = last.z === null ? 'n/a' : last.z.toFixed(3);
  const bound = parsed.data.z[last.look - 1]!;
  const key = primaryOf(dir).key;
  const fixed = 'the rows below are tested as a fixed design over the tasks run';
  const line =
    last.decision === 'continue'
      ? `${last.look} of ${looks} looks taken (${last.tasks} of ${total} tasks), no boundary crossed (${key} z = ${z}, success at >= ${bound.toFixed(3)}); ${fixed}.`
      : last.look < looks
        ? `stopped for ${last.decision} at look ${last.look} of ${looks} after ${last.tasks} of ${total} tasks (${key} z = ${z}; success at >= ${bound.toFixed(3)}, harm at <= ${(-bound).toFixed(3)}); ${fixed}.`
        : `all ${looks} looks ran (${last.tasks} tasks): ${last.decision} at the last (${key} z = ${z}); ${fixed}.`;
  return { looks, spending, observed: observed.map((o) => ({ ...o })), line };
}
