import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { resolveCacheDir } from '../../core/index.js';
import { defaultRunLog, formatNumber, formatPValue } from '../../report/index.js';
import type { RungComparisonRow, RungPairing, RungRun } from '../../retrieval/index.js';
import { refuseClobber, refuseRunFile } from '../clobber.js';
import { formatTable } from '../format.js';
import { collect, directoryOrNew, existingPath, positiveInteger } from '../options.js';
import type { CliCommand } from '../program.js';

interface RetrievalFlags {
  force?: boolean;
  dataset: string;
  split: string;
  overlay: string[];
  config?: string;
  limit?: number;
  out?: string;
  compare?: string;
  cacheDir?: string;
  repos?: string;
  workspace?: string;
  runLog?: string;
}

/** `agent-track retrieval`: the free rung, search quality per overlay with no model and no money. */
export const retrievalCommand: CliCommand = {
  name: 'retrieval',
  describe: (command, io) =>
    command
      .description(
        'the free retrieval rung: search every task through the MCP server, score the rows, no model',
      )
      .requiredOption('--dataset <name>', 'a registered dataset, loader:FILE, or a tasks.jsonl path')
      .requiredOption('--split <slice>', 'all | dev | test | small_dev | small_test')
      .option('--overlay <file>', 'a retrieval overlay to compare (repeatable)', collect, [])
      .option(
        '--config <file>',
        'the serving config the overlays merge over',
        existingPath('--config', 'file'),
      )
      .option('--limit <n>', 'the first N tasks of the slice', positiveInteger('--limit'))
      .option('--out <file>', 'where to save the run (default runs/retrieval/<time>.json)')
      .option('--force', "write --out over a file that exists (never over a run's own files)")
      .option('--compare <file>', 'an earlier run to pair against')
      .option(
        '--cache-dir <dir>',
        'corpus and index cache (default $AGENT_TRACK_CACHE or ~/.cache/agent-track)',
        directoryOrNew('--cache-dir'),
      )
      .option('--repos <dir>', 'local clones of pinned repositories (default <cache>/repos)')
      .option(
        '--workspace <dir>',
        'an indexed workspace for tasks that name no corpus',
        existingPath('--workspace', 'directory'),
      )
      .option(
        '--run-log <file>',
        "the run log to append one record per overlay to (default: the cache directory's runs.jsonl)",
      )
      .action(async (flags: RetrievalFlags) => {
        if (flags.out !== undefined) refuseClobber('--out', flags.out, { force: flags.force === true });
        // The run log is appended to: never one of a run's own files (its ledger, its report).
        if (flags.runLog !== undefined) refuseRunFile('--run-log', flags.runLog);
        const { runRetrievalRung } = await import('../../product/index.js');
        const { appendRunRecord, rungRunRecords } = await import('../../report/index.js');
        const cacheDir = resolveCacheDir(flags.cacheDir);
        const { run, loaded } = await runRetrievalRung({
          split: `${flags.dataset}/${flags.split}`,
          overlays: flags.overlay,
          cacheDir,
          reposDir: flags.repos ?? join(cacheDir, 'repos'),
          ...(flags.config ? { config: flags.config } : {}),
          ...(flags.limit === undefined ? {} : { limit: flags.limit }),
          ...(flags.workspace ? { workspace: flags.workspace } : {}),
          ...(process.stderr.isTTY
            ? { onProgress: (e) => process.stderr.write(`\r${e.overlay}: ${e.done}/${e.total} tasks`) }
            : {}),
        });
        if (process.stderr.isTTY) process.stderr.write('\n');
        for (const note of loaded.notes) io.err(`note: ${note}\n`);
        for (const [reason, count] of Object.entries(loaded.dropped))
          io.err(`dropped ${count} row(s): ${reason}\n`);
        const out = flags.out ?? join('runs', 'retrieval', `${run.created_at.replace(/[:.]/g, '-')}.json`);
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, `${JSON.stringify(run, null, 2)}\n`);
        const params = { config: flags.config ?? null, workspace: flags.workspace ?? null };
        const runLog = flags.runLog ?? defaultRunLog(flags.cacheDir);
        const records = rungRunRecords(run, { run: out }, params).map((r) => appendRunRecord(runLog, r));
        io.out(
          `${renderRun(run)}\n\nsaved ${out}\nlogged ${records.map((r) => r.id).join(', ')} in ${runLog}\n`,
        );
        if (flags.compare) {
          const { compareRungs, readRungRun } = await import('../../retrieval/index.js');
          const { rows, paired } = compareRungs(readRungRun(flags.compare), run);
          io.out(`\n${renderComparison(rows, paired)}\n`);
        }
      }),
};

const ci = (low: number | null, high: number | null) =>
  low === null ? 'n/a' : `[${formatNumber(low)}, ${formatNumber(high)}]`;

function renderRun(run: RungRun): string {
  const blocks = run.overlays.map((overlay) => {
    const rows = overlay.summary.map((row) => [
      row.level === 'latency' ? row.metric : `${row.level} ${row.metric}`,
      formatNumber(row.mean),
      ci(row.low, row.high),
      String(row.n),
    ]);
    rows.push([
      'latency p50 / p95 ms',
      `${formatNumber(overlay.latency_p50_ms, 2)} / ${formatNumber(overlay.latency_p95_ms, 2)}`,
      '',
      '',
    ]);
    const { search } = overlay;
    const how =
      search.mode === 'lexical' && search.reranker === null
        ? ''
        : `\nsearch: ${search.mode}${search.embedder === null ? '' : ` with ${search.embedder}`}${search.reranker === null ? '' : `, reranked by ${search.reranker}`}${search.stand_in ? ' (the offline stand-in: hashed words, not a model)' : ''}`;
    return `overlay ${overlay.name} (${run.dataset}/${run.slice}, ${overlay.tasks.length} tasks, k=${run.k})${how}\n${formatTable(['metric', 'mean', '95% CI', 'n'], rows)}`;
  });
  return blocks.join('\n\n');
}

function renderComparison(rows: readonly RungComparisonRow[], paired: readonly RungPairing[]): string {
  const what = paired.map((p) => `${p.now} with the earlier ${p.before} over ${p.tasks} tasks`).join('; ');
  return `paired task by task against the earlier run (delta = now - before): ${what}\n${formatTable(
    ['overlay', 'metric', 'pairs', 'delta', '95% CI', 'p (now better)'],
    rows.map((row) => [
      row.overlay,
      row.level === 'latency' ? row.metric : `${row.level} ${row.metric}`,
      String(row.pairs),
      formatNumber(row.delta),
      ci(row.low, row.high),
      formatPValue(row.pvalue),
    ]),
  )}`;
}
