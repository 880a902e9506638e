// lm-evaluation-harness per-sample logs (`--log_samples`: `samples_<task>_<date>.jsonl`): one line
// per document and filter, with its `doc_id`, the `filter` applied to the responses, the
// `metrics` it was scored on and each metric's value under its own key.
import { basename } from 'node:path';
import { z } from 'zod';
import { AgentTrackError, jsonRecords } from '../../core/index.js';
import { type EvalRun, type EvalSample, parseShape } from './eval-log.js';

const WHAT = 'an lm-evaluation-harness samples file';

const lineSchema = z.looseObject({
  doc_id: z.union([z.number().int(), z.string()]),
  filter: z.string().optional(),
  metrics: z.array(z.string()).optional(),
});

// Keys every line carries that are not metrics (for logs written before lines listed `metrics`).
const NOT_METRICS = new Set([
  'doc_id',
  'doc',
  'target',
  'arguments',
  'resps',
  'filtered_resps',
  'filter',
  'metrics',
]);

function metricValue(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The task a samples file names (`samples_arc_easy_2024-05-01T12-00-00.jsonl` -> `arc_easy`). */
function taskOf(file: string): string {
  const match = /^samples_(.+?)_\d{4}-\d{2}-\d{2}T[\d-.]+\.jsonl$/.exec(basename(file));
  return match?.[1] ?? basename(file);
}

/**
 * Python's `json.dumps` writes `Infinity`, `-Infinity` and `NaN` (lm-eval's per-sample `mae` of an
 * answer it could not parse is `Infinity`), which JSON does not have: each such token outside a
 * string becomes `null`, a value the comparison leaves out (undefined, never a number).
 *
 * @example
 * pythonJson('{"mae": Infinity, "note": "NaN stays"}'); // '{"mae": null, "note": "NaN stays"}'
 */
export function pythonJson(line: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += line[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    const token = /^(-?Infinity|NaN)/.exec(line.slice(i, i + 9))?.[0];
    if (token !== undefined) {
      out += 'null';
      i += token.length - 1;
      continue;
    }
    out += c;
  }
  return out;
}

/**
 * An lm-eval samples file's text. A sample is a document (`doc_id`); its metrics are named as
 * lm-eval's results name them, `metric,filter` (`exact_match,strict-match`), one line per filter.
 */
export function readLmEvalSamples(text: string, file: string): EvalRun {
  const byDoc = new Map<string, EvalSample>();
  const json = /Infinity|NaN/.test(text) ? text.split('\n').map(pythonJson).join('\n') : text;
  const records = jsonRecords(json, file, (problem) => {
    throw new AgentTrackError(
      'EVAL_LOG_SHAPE',
      `${file}:${problem.line ?? 1} is not JSON: ${problem.message}`,
      {
        data: { file, line: problem.line },
      },
    );
  });
  for (const record of records) {
    const line = parseShape(lineSchema, record.value, record.where, WHAT);
    const value = record.value as Record<string, unknown>;
    const keys =
      line.metrics ??
      Object.keys(value).filter((key) => !NOT_METRICS.has(key) && metricValue(value[key]) !== null);
    const id = String(line.doc_id);
    const sample = byDoc.get(id) ?? { id, epoch: 1, scores: {} };
    for (const key of keys) {
      if (!(key in value)) continue;
      sample.scores[line.filter === undefined ? key : `${key},${line.filter}`] = metricValue(value[key]);
    }
    byDoc.set(id, sample);
  }
  return { format: 'lm-eval', file, label: taskOf(file), samples: [...byDoc.values()] };
}
