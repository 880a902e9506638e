import { formatNumber as num } from '../../report/index.js';
import { marginPower, marginTasksNeeded, repeatedSd, varianceComponents } from '../../stats/index.js';

/**
 * The sd of a task's paired difference at K repeats, from a pilot's per-task, per-repeat
 * differences (`varianceComponents`, then `repeatedSd`: repeats shrink the rollout noise, never the
 * tasks' spread; one repeat a task measures no within part, so the task means' sd is all of it).
 *
 * @example
 * differenceSd([[0.1, 0.3], [0.5, 0.7], [-0.1, 0.1]], 2); // sd of the task means at 2 repeats
 */
export function differenceSd(perTask: readonly (readonly number[])[], repeats: number) {
  const parts = varianceComponents(perTask);
  const sd =
    parts.withinSd === null || parts.betweenSd === null
      ? parts.taskMeanSd
      : repeatedSd({ betweenSd: parts.betweenSd, withinSd: parts.withinSd, repeats });
  return { sd, tasks: parts.tasks };
}

/** One `--margin` row's power: the tasks its test needs, and what the planned tasks give. */
export interface MarginRowPower {
  key: string;
  test: 'non-inferiority' | 'equivalence';
  margin: number;
  /** Tasks the pilot measured the row on (both arms defined). */
  pilotTasks: number;
  sd: number | null;
  /** Tasks for 80% power when the arms are truly alike on the row (`marginTasksNeeded`). */
  tasksNeeded: number | null;
  /** The power of the planned tasks (`marginPower`). */
  power: number | null;
  /** Why nothing can be said: the pilot's differences do not vary, or none were measured. */
  notEstimable: string | null;
}

/**
 * The power of each margin's test (as the report runs it: a guard's non-inferiority, any other
 * row's equivalence), planned for no true difference between the arms: the tasks 80% power needs
 * and the power of the planned `tasks`, from the sd of the row's paired differences at the planned
 * repeats. A row whose pilot differences do not vary, or were never measured, is not estimable.
 *
 * @example
 * marginRowPowers(differences.byRow, { margins: { needle_reached: 0.1 }, guards: new Set(['needle_reached']), tasks: 40, repeats: 1, alpha: 0.05 });
 */
export function marginRowPowers(
  byRow: ReadonlyMap<string, readonly (readonly number[])[]>,
  options: {
    margins: Readonly<Record<string, number>>;
    guards: ReadonlySet<string>;
    tasks: number;
    repeats: number;
    alpha: number;
  },
): MarginRowPower[] {
  return Object.entries(options.margins).map(([key, margin]): MarginRowPower => {
    const test = options.guards.has(key) ? 'non-inferiority' : 'equivalence';
    const { sd, tasks } = differenceSd(byRow.get(key) ?? [], options.repeats);
    const notEstimable =
      sd === null
        ? `no task gave a paired difference (${tasks} tasks)`
        : sd === 0
          ? `the paired differences do not vary (sd 0 over ${tasks} tasks)`
          : null;
    const base = { sd, margin, alpha: options.alpha, test } as const;
    return {
      key,
      test,
      margin,
      pilotTasks: tasks,
      sd,
      tasksNeeded: notEstimable === null ? marginTasksNeeded(base) : null,
      power: notEstimable === null ? marginPower({ ...base, n: options.tasks }) : null,
      notEstimable,
    };
  });
}

/** The margins' lines of the plan's power section. */
export function renderMarginPowers(rows: readonly MarginRowPower[], tasks: number): string[] {
  if (rows.length === 0) return [];
  const lines = [
    `Margins: the tasks each test needs for 80% power when the arms are truly alike on the row, and the power of the planned ${tasks}:`,
  ];
  for (const row of rows) {
    const claim = row.test === 'non-inferiority' ? `no worse than ${row.margin}` : `within ±${row.margin}`;
    if (row.notEstimable !== null) {
      lines.push(`  ${row.key} ${claim}: not estimable: ${row.notEstimable}`);
      continue;
    }
    const needed = row.tasksNeeded === Number.POSITIVE_INFINITY ? 'no count of' : String(row.tasksNeeded);
    lines.push(
      `  ${row.key} ${claim}: ${needed} tasks (power with ${tasks}: ${num(row.power)}; sd of a paired difference ${num(row.sd)} over ${row.pilotTasks} tasks)`,
    );
  }
  return lines;
}
