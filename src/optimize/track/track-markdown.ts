import { OFFLINE_LABEL } from '../../agent/index.js';
import {
  armCellText,
  formatPValue,
  formatNumber as num,
  type ReportRow,
  renderReportMarkdown,
} from '../../report/index.js';
import type { TrackReport } from './track-report-schema.js';
import type { AgentFigures } from './track-schema.js';

const ARMS = ['bare', 'with-server'] as const;
const usd = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : `$${x.toFixed(4)}`);
const cell = (row: ReportRow, arm: 'baseline' | 'candidate') => armCellText(row[arm]);

function figures(f: AgentFigures | null): string {
  if (f === null) return 'n/a | n/a | n/a | n/a | n/a | n/a';
  const cache = `${num(f.cache_read_tokens)} / ${num(f.cache_creation_tokens)}`;
  return `${usd(f.cost_usd)} | ${f.wall_ms} | ${f.turns} | ${f.tool_calls} | ${f.files_read} | ${cache}`;
}

/**
 * A track's `report.md`: the judge and parity, one line per task (status, scores, each arm's cost,
 * wall clock, turns, calls, files read and cache tokens; a discarded task with why), the judge-score
 * row, then the paired before-after report over the parity tasks with the arms named bare and
 * with-server.
 *
 * @example
 * writeFileSync('report.md', renderTrackMarkdown(report));
 */
export function renderTrackMarkdown(track: TrackReport): string {
  const judge = track.judge.offline
    ? `the **offline policy** (${OFFLINE_LABEL}): scores by overlap of cited paths with the gold files, not a model's judgement`
    : `\`${track.judge.model}\``;
  const out = [
    `# ${track.title}`,
    '',
    `Agent: \`${track.agent}\`, two arms per task: **bare** (its own tools) and **with-server** (the product's MCP server attached).`,
    '',
    `Judge: ${judge}; ${track.judge.judged} pair(s) judged blind, ${track.judge.failed} judge failure(s), ${track.judge.calls} judge call(s), ${usd(track.judge.cost_usd)} quoted.`,
    '',
    `**Quality parity (scores within ${track.tolerance}): ${track.parity.tasks} of ${track.parity.judged} judged task(s).** Efficiency deltas below are over those ${track.parity.tasks} task(s) only.`,
    '',
    '## Per task',
    '',
    '| task | status | score bare | score with-server | parity | arm | cost | wall ms | turns | calls | files read | cache read / created |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const t of track.tasks) {
    const status = t.reason === null ? t.status : `${t.status}: ${t.reason.type}: ${t.reason.message}`;
    const parity = t.parity === null ? 'n/a' : t.parity ? 'yes' : 'no';
    for (const [i, arm] of ARMS.entries()) {
      const head =
        i === 0
          ? `| ${t.task_id} | ${status} | ${num(t.scores.bare)} | ${num(t.scores['with-server'])} | ${parity} |`
          : '| | | | | |';
      out.push(`${head} ${arm} | ${figures(t.figures[arm])} |`);
    }
  }
  const q = track.quality;
  const delta = q.delta === null ? 'n/a' : `${num(q.delta)} [${num(q.delta_low)}, ${num(q.delta_high)}]`;
  out.push(
    '',
    '## Answer quality (blind judge, every judged pair)',
    '',
    '| metric | | bare | with-server | Δ with-server − bare | pairs | p |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${q.key} | ↑ | ${cell(q, 'baseline')} | ${cell(q, 'candidate')} | ${delta} | ${q.pairs} | ${q.pvalue === null ? 'n/a' : `${formatPValue(q.pvalue)} (${q.test})`} |`,
    '',
    '---',
    '',
    renderReportMarkdown(track.report, { armLabels: ['bare', 'with-server'] }),
  );
  return out.join('\n');
}
