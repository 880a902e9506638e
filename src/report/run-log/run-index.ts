import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { formatNumber, formatUsd } from '../format-number.js';
import type { Report } from '../paired/report-schema.js';
import type { DataPage, PageCell } from '../viewer/data-page.js';
import { savedReport } from './pair-records.js';
import type { RunRecord } from './run-record-schema.js';
import { runKey, supersededBy } from './superseded.js';

/** One run of the log: its records (a before-after or a track logs one per arm) and where it lives. */
export interface IndexedRun {
  records: RunRecord[];
  /** The run's directory (a rung run: its file); `null` when the records name none. */
  run: string | null;
  /** The page `agent-track view` writes for it. */
  page: string | null;
  /** Earlier records of it a resume replaced (`supersededBy`): listed once, as it finished. */
  superseded: number;
}

function whereIs(record: RunRecord): { run: string | null; page: string | null } {
  const a = record.artifacts;
  if (record.system === 'retrieval-rung' && a.run !== undefined)
    return { run: a.run, page: a.run.replace(/(\.json)?$/, '.html') };
  const saved = a.report_json ?? a.result;
  if (saved === undefined) return { run: null, page: null };
  const dir = dirname(saved);
  return { run: dir, page: a.html ?? resolve(dir, 'report.html') };
}

/**
 * The run log's records grouped into runs, in the order they were logged (a before-after's two
 * arm records are one run). A run stopped and resumed logged itself twice: its earlier records
 * are left out and counted in `superseded`, and it stands where it finished.
 *
 * @example
 * indexRuns(readRunLog(defaultRunLog())); // [{ records: [baseline, candidate], run: 'runs/c', page: 'runs/c/report.html' }]
 */
export function indexRuns(records: readonly RunRecord[]): IndexedRun[] {
  const replaced = supersededBy(records);
  const runs = new Map<string, IndexedRun>();
  for (const record of records) {
    if (replaced.has(record.id)) continue;
    const key = runKey(record);
    const known = runs.get(key);
    if (known !== undefined) known.records.push(record);
    else runs.set(key, { records: [record], ...whereIs(record), superseded: 0 });
  }
  for (const record of replaced.values()) {
    const run = runs.get(runKey(record))!;
    run.superseded++;
  }
  return [...runs.values()];
}

// What the run decided: a paired report's verdict line, an optimize campaign's stop and acceptances.
function verdictOf(run: IndexedRun, report: Report | null): string | null {
  const first = run.records[0]!;
  if (first.system === 'optimize') {
    const confirmations = first.metrics.filter((m) => m.key.startsWith('delta '));
    const accepted = confirmations.filter((m) => m.key.endsWith('(accepted)')).length;
    return `stopped: ${String(first.params.stop ?? 'n/a')}; ${accepted} of ${confirmations.length} confirmed accepted`;
  }
  if (first.system === 'retrieval-rung') return null;
  if (first.system === 'compare') {
    const reached = run.records.map((r) => {
      const gold = r.metrics.find((m) => m.key === 'needle_reached')?.value ?? null;
      return `${String(r.params.system)} ${gold === null ? 'n/a' : formatNumber(gold)}`;
    });
    return `gold reached: ${reached.join(', ')} (reference: ${String(first.params.reference)})`;
  }
  return report?.verdict.line ?? 'n/a (its report.json is gone)';
}

// What it spent: the stand-in costs nothing (and says so); a priced run its estimate, else what its
// agent quoted (Claude Code reports its cost); unpriced, n/a.
function spendOf(run: IndexedRun, report: Report | null): string | null {
  const first = run.records[0]!;
  if (first.system === 'compare' && first.params.offline === true) return '$0 (offline stand-in)';
  if (first.system === 'optimize' || first.system === 'compare')
    return typeof first.params.usd === 'number' ? formatUsd(first.params.usd) : 'n/a';
  if (first.system === 'retrieval-rung') return null;
  if (report === null) return 'n/a';
  if (report.offline) return '$0 (offline stand-in)';
  const both = (arms: { baseline: number | null; candidate: number | null }) =>
    arms.baseline === null || arms.candidate === null ? null : arms.baseline + arms.candidate;
  const estimated = both(report.cost.estimated_usd);
  if (estimated !== null) return formatUsd(estimated);
  const quoted = both(report.cost.quoted_usd);
  return quoted === null ? 'n/a (unpriced)' : `${formatUsd(quoted)} (as the agent quoted it)`;
}

function pageCell(run: IndexedRun, from: string): PageCell {
  if (run.page !== null && existsSync(run.page)) {
    return { text: 'open', href: relative(from, resolve(run.page)).split('\\').join('/') };
  }
  if (run.run !== null && existsSync(run.run)) return `not drawn: agent-track view ${run.run}`;
  return 'gone';
}

/**
 * The page `agent-track view` writes with no run: every run in the log, newest first, with its
 * kind, what it compared, its dataset, verdict and spend, and a link to its own page (or the
 * command that draws it). Links are relative to `pageDir`, where the page is written.
 *
 * @example
 * await writeDataPage('runs.html', runIndexPage(readRunLog(log), { log, pageDir: '.' }));
 */
export function runIndexPage(
  records: readonly RunRecord[],
  options: { log: string; pageDir: string },
): DataPage {
  const runs = indexRuns(records).reverse();
  const rows = runs.map((run) => {
    const first = run.records[0]!;
    const d = first.dataset;
    // A paired run's saved report, read once for its verdict and its spend.
    const report =
      first.system === 'optimize' || first.system === 'retrieval-rung' || first.system === 'compare'
        ? null
        : savedReport(first.artifacts.report_json);
    return {
      key: first.id,
      cells: [
        first.created_at.replace('T', ' ').slice(0, 16),
        run.superseded === 0 ? first.system : `${first.system} (resumed)`,
        run.records.map((r) => r.config).join(' vs '),
        `${d.name}${d.slice === null ? '' : `/${d.slice}`}${d.limit === null ? '' : ` (limit ${d.limit})`}`,
        d.tasks,
        verdictOf(run, report),
        spendOf(run, report),
        pageCell(run, resolve(options.pageDir)),
      ] as PageCell[],
    };
  });
  return {
    title: 'agent-track runs',
    lead: `${runs.length} run(s) in ${options.log}, newest first. Each links to its own page; a run not drawn yet names the command that draws it.`,
    sections: [
      {
        id: 'runs',
        heading: 'Runs',
        table: {
          columns: ['created', 'kind', 'what', 'dataset', 'tasks', 'verdict', 'spend', 'page'],
          rows,
        },
      },
    ],
  };
}
