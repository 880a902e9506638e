import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { AgentTrackError, issueParts } from '../../core/index.js';
import { type RungRun, rungRunSchema } from '../../retrieval/index.js';
import { type CompareReport, compareReportSchema } from '../compare/compare-schema.js';
import { type ObjectiveTrace, objectiveTraceSchema } from '../objective-schema.js';
import { type Report, reportSchema } from '../paired/report-schema.js';

/** A saved run the figures can be drawn from, recognised by its shape. */
export type PlotInput =
  | { kind: 'report'; source: string; report: Report }
  | { kind: 'compare'; source: string; report: CompareReport }
  | { kind: 'rung'; source: string; run: RungRun }
  | { kind: 'objective'; source: string; trace: ObjectiveTrace };

/**
 * Reads one saved run: a `report.json` (a before-after's, or a comparison's: `kind: compare`), a
 * run directory holding one, a saved retrieval rung run
 * (`kind: retrieval-rung`) or an optimizer objective trace (`{points}`), each parsed through its
 * schema. A refusal names the file and the key (`PLOT_INPUT_UNREADABLE`, `PLOT_INPUT_MALFORMED`).
 *
 * @example
 * readPlotInput('runs/docs-v2'); // { kind: 'report', source: 'runs/docs-v2/report.json', report }
 */
export function readPlotInput(path: string): PlotInput {
  let file = path;
  let raw: unknown;
  try {
    if (statSync(path).isDirectory()) file = join(path, 'report.json');
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AgentTrackError(
      'PLOT_INPUT_UNREADABLE',
      `Cannot read \`${file}\` as JSON${file === path ? '' : ' (a run directory must hold report.json)'}: ${(error as Error).message}`,
      { data: { file }, cause: error },
    );
  }
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  if (record.kind === 'compare')
    return {
      kind: 'compare',
      source: file,
      report: parse(compareReportSchema, raw, file, 'a comparison report'),
    };
  if (record.kind === 'retrieval-rung')
    return { kind: 'rung', source: file, run: parse(rungRunSchema, raw, file, 'a saved retrieval run') };
  if ('points' in record)
    return {
      kind: 'objective',
      source: file,
      trace: parse(objectiveTraceSchema, raw, file, 'an objective trace'),
    };
  return { kind: 'report', source: file, report: parse(reportSchema, raw, file, 'a before-after report') };
}

function parse<T>(schema: z.ZodType<T>, raw: unknown, file: string, what: string): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const { key, message } = issueParts(issue, raw);
  throw new AgentTrackError(
    'PLOT_INPUT_MALFORMED',
    `\`${file}\` is not ${what}: \`${key || '(root)'}\`: ${message}`,
    { data: { file, path: issue.path }, cause: parsed.error },
  );
}
