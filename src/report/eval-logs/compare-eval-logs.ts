import { sampleStandardDeviation } from 'simple-statistics';
import { AgentTrackError } from '../../core/index.js';
import {
  holmAdjusted,
  minimumDetectableEffect,
  minimumDetectableEffectBinary,
  pairedComparison,
} from '../../stats/index.js';
import type { EvalLogFormat, EvalRun } from './eval-log.js';
import { type ReadEvalLogOptions, readEvalLog } from './read-eval-log.js';

/** The alpha and power every row is read at: two-sided 0.05, 80% for the MDE. */
export const EVAL_COMPARE_ALPHA = 0.05;
const POWER = 0.8;

/** One metric of two runs compared sample by sample. */
export interface EvalMetricRow {
  metric: string;
  /** `binary` when every folded value of both runs is 0 or 1 (McNemar), else `continuous` (Wilcoxon). */
  kind: 'binary' | 'continuous';
  /** Samples both runs defined the metric for. */
  pairs: number;
  /** Each run's mean over those pairs. */
  a: number | null;
  b: number | null;
  /** Mean of B - A over the pairs, with its 95% bootstrap interval. */
  delta: number | null;
  low: number | null;
  high: number | null;
  test: 'wilcoxon' | 'mcnemar';
  /** Two-sided p of the paired test, and after Holm's adjustment across the metrics. */
  pvalue: number | null;
  adjusted: number | null;
  /** The smallest true change these pairs detect at 80% power (two-sided 0.05), from their spread. */
  mde: number | null;
}

export interface EvalRunSide {
  file: string;
  label: string;
  /** Distinct sample ids. */
  samples: number;
  /** The most repeats (epochs) any sample had: above 1, a sample's value is its repeats' mean. */
  repeats: number;
}

/** Two runs of another tool compared as agent-track compares two arms. */
export interface EvalComparison {
  format: EvalLogFormat;
  a: EvalRunSide;
  b: EvalRunSide;
  /** Sample ids in both runs. */
  paired: number;
  /** Sample ids only one run has (not compared), in the run's order. */
  onlyInA: string[];
  onlyInB: string[];
  alpha: number;
  rows: EvalMetricRow[];
}

type Folded = Map<string, Map<string, number | null>>;

const meanOf = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;

/** Each sample's value per metric: the mean of its defined repeats (`null` when none). */
function fold(run: EvalRun): { folded: Folded; repeats: number; metrics: string[] } {
  const values = new Map<string, Map<string, number[]>>();
  const epochs = new Map<string, number>();
  const metrics: string[] = [];
  for (const sample of run.samples) {
    const byMetric = values.get(sample.id) ?? new Map<string, number[]>();
    values.set(sample.id, byMetric);
    epochs.set(sample.id, (epochs.get(sample.id) ?? 0) + 1);
    for (const [metric, value] of Object.entries(sample.scores)) {
      if (!metrics.includes(metric)) metrics.push(metric);
      const list = byMetric.get(metric) ?? [];
      if (value !== null) list.push(value);
      byMetric.set(metric, list);
    }
  }
  const folded: Folded = new Map();
  for (const [id, byMetric] of values) {
    const out = new Map<string, number | null>();
    for (const [metric, list] of byMetric) {
      out.set(metric, meanOf(list));
    }
    folded.set(id, out);
  }
  return { folded, repeats: Math.max(0, ...epochs.values()), metrics };
}

function metricRow(
  metric: string,
  ids: readonly string[],
  a: Folded,
  b: Folded,
): Omit<EvalMetricRow, 'adjusted'> {
  const xs = new Map<string, number>();
  const ys = new Map<string, number>();
  for (const id of ids) {
    const x = a.get(id)?.get(metric);
    const y = b.get(id)?.get(metric);
    if (x === null || x === undefined || y === null || y === undefined) continue;
    xs.set(id, x);
    ys.set(id, y);
  }
  const all = [...xs.values(), ...ys.values()];
  const kind = all.length > 0 && all.every((v) => v === 0 || v === 1) ? 'binary' : 'continuous';
  const result = pairedComparison(xs, ys, { kind, direction: 'neither', seed: 0 });
  const differences = [...xs.keys()].map((id) => ys.get(id)! - xs.get(id)!);
  const pairs = differences.length;
  let mde: number | null = null;
  if (kind === 'binary' && pairs >= 2) {
    const discordant = differences.filter((d) => d !== 0).length / pairs;
    mde = minimumDetectableEffectBinary({
      discordantRate: discordant,
      n: pairs,
      alpha: EVAL_COMPARE_ALPHA,
      power: POWER,
      sided: 'two',
    });
  } else if (pairs >= 2) {
    const sd = sampleStandardDeviation(differences);
    mde = minimumDetectableEffect({ sd, n: pairs, alpha: EVAL_COMPARE_ALPHA, power: POWER, sided: 'two' });
  }
  return {
    metric,
    kind,
    pairs,
    a: meanOf([...xs.values()]),
    b: meanOf([...ys.values()]),
    delta: result.delta,
    low: result.low,
    high: result.high,
    test: result.test === 'mcnemar' ? 'mcnemar' : 'wilcoxon',
    pvalue: result.pvalue,
    mde,
  };
}

/**
 * Two runs of the same samples by another tool (read with `readEvalLog`), compared as agent-track
 * compares two arms: samples paired by id (repeats folded to their mean), per metric the paired
 * delta B - A with its bootstrap interval, the two-sided Wilcoxon (or, for 0/1 metrics, exact
 * McNemar) p, Holm-adjusted across the metrics, and the minimum detectable effect. Samples only one
 * run has are counted and named, never compared.
 *
 * @example
 * const cmp = compareEvalRuns(await readEvalLog('a.eval'), await readEvalLog('b.eval'));
 * cmp.rows[0]; // { metric: 'match', kind: 'binary', pairs: 40, delta: 0.15, pvalue: 0.0213, ... }
 */
export function compareEvalRuns(a: EvalRun, b: EvalRun): EvalComparison {
  if (a.format !== b.format) {
    throw new AgentTrackError(
      'EVAL_LOG_MISMATCH',
      `${a.file} is ${a.format} and ${b.file} is ${b.format}: compare two runs of one tool`,
      { data: { a: a.file, b: b.file } },
    );
  }
  const left = fold(a);
  const right = fold(b);
  const ids = [...left.folded.keys()].filter((id) => right.folded.has(id));
  const metrics = [...left.metrics, ...right.metrics.filter((m) => !left.metrics.includes(m))];
  const rows = metrics.map((metric) => metricRow(metric, ids, left.folded, right.folded));
  const adjusted = holmAdjusted(rows.map((row) => row.pvalue));
  const side = (run: EvalRun, folded: ReturnType<typeof fold>): EvalRunSide => ({
    file: run.file,
    label: run.label,
    samples: folded.folded.size,
    repeats: folded.repeats,
  });
  return {
    format: a.format,
    a: side(a, left),
    b: side(b, right),
    paired: ids.length,
    onlyInA: [...left.folded.keys()].filter((id) => !right.folded.has(id)),
    onlyInB: [...right.folded.keys()].filter((id) => !left.folded.has(id)),
    alpha: EVAL_COMPARE_ALPHA,
    rows: rows.map((row, i) => ({ ...row, adjusted: adjusted[i] ?? null })),
  };
}

/**
 * Reads two runs' files (`readEvalLog`) and compares them (`compareEvalRuns`); `columnA` and
 * `columnB` pick a promptfoo file's columns (two prompts or providers of one file are two runs).
 *
 * @example
 * const cmp = await compareEvalLogs('results-before.json', 'results-after.json');
 * await compareEvalLogs('results.json', 'results.json', { columnA: '0', columnB: '1' });
 * console.log(renderEvalComparison(cmp));
 */
export async function compareEvalLogs(
  a: string,
  b: string,
  options: Omit<ReadEvalLogOptions, 'column'> & { columnA?: string; columnB?: string } = {},
): Promise<EvalComparison> {
  const read = (file: string, column: string | undefined) =>
    readEvalLog(file, {
      ...(options.format === undefined ? {} : { format: options.format }),
      ...(column === undefined ? {} : { column }),
    });
  return compareEvalRuns(await read(a, options.columnA), await read(b, options.columnB));
}
