import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { formatPValue } from '../../report/index.js';
import type { SpendBooking } from '../campaign/spend/spend-ledger.js';
import type { ConfirmationEntry } from './accept/confirmation-log.js';
import type { Candidate } from './candidate.js';
import type { CandidateRecord } from './candidate-record.js';
import type { CampaignSlices } from './config/inputs.js';
import type { LoadedCampaign } from './config/load-config.js';
import { campaignEstimate } from './money/campaign-estimate.js';
import { type CostEstimate, estimateText } from './money/estimate.js';
import type { CandidateSpace } from './propose/config-enumeration.js';
import { flatResultMetrics } from './result-metrics.js';
import type { RoundsOutcome } from './run-rounds.js';

export type { CandidateRecord } from './candidate-record.js';

/** What `optimize` leaves in its run directory as `result.json` (and `result.md`). */
export interface OptimizationResult {
  axis: string;
  config: string;
  dir: string;
  dry_run: boolean;
  stop: string;
  rounds: number;
  search: { slice: string; tasks: number };
  acceptance: { slice: string; tasks: number };
  incumbent: { id: string; hash: string; search_mean: number | null };
  final: { id: string; hash: string };
  /** How a configuration axis's enumeration came to its candidates; `null` for a text axis or a given proposer. */
  candidate_space: CandidateSpace | null;
  candidates: CandidateRecord[];
  confirmations: ConfirmationEntry[];
  /** Rollouts booked by this run. */
  rollouts: number;
  /** Rollouts evaluated in the campaign's directory (`evaluations.jsonl`): this run's and those of the runs it resumed. */
  campaign_rollouts: number;
  /** This run resumed an earlier one in the same directory. */
  resumed: boolean;
  /** `ceiling`: a booking the budget refused ended the campaign (the CLI exits 3); else `null`. */
  stopped_by: 'ceiling' | null;
  spend: { usd: number; by_kind: Record<string, number> };
  estimate: CostEstimate;
  /** What every run of the campaign counted (this run's `estimate` plus the earlier runs' in its directory). */
  campaign_estimate: CostEstimate;
  /** A unified diff against the product's artifact when a text candidate was accepted. */
  diff: string | null;
  judge: string;
}

/**
 * Dollars booked for one candidate: proposer calls keyed `proposer/<id>` (with `#n` retries), and
 * rollouts and judge samples keyed by its hash's first 16 hex digits.
 *
 * @example
 * candidateCost(ledger.bookings(), { id: 'c1.0', hash }); // 0.412
 */
export function candidateCost(
  bookings: readonly SpendBooking[],
  candidate: { id: string; hash: string },
): number {
  const prefix = candidate.hash.slice(0, 16);
  const proposer = new RegExp(`^proposer/${candidate.id.replace(/\./g, '\\.')}(#\\d+)?$`);
  let usd = 0;
  for (const b of bookings)
    if (
      proposer.test(b.key) ||
      b.key.startsWith(`rollout/${prefix}/`) ||
      b.key.startsWith(`judge/${prefix}/`)
    )
      usd += b.usd;
  return usd;
}

/** Sums bookings by kind. */
export function spendByKind(bookings: readonly SpendBooking[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of bookings) out[b.kind] = (out[b.kind] ?? 0) + b.usd;
  return out;
}

/**
 * A unified diff (git's format) from the artifact file to a candidate text, with paths relative
 * to the product repository, ready for `git apply`.
 *
 * @example
 * await unifiedDiff('/repo', '/repo/configs/product/tool_docs.yaml', newText);
 */
export async function unifiedDiff(repo: string, artifact: string, text: string): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'agent-track-diff-'));
  try {
    const file = join(scratch, 'candidate');
    writeFileSync(file, text);
    const result = await execa('git', ['diff', '--no-index', '--no-color', '--', artifact, file], {
      reject: false,
    });
    const path = relative(repo, artifact);
    return result.stdout
      .split('\n')
      .filter((line) => !line.startsWith('index '))
      .map((line) => {
        if (line.startsWith('diff --git ')) return `diff --git a/${path} b/${path}`;
        if (line.startsWith('--- ')) return `--- a/${path}`;
        if (line.startsWith('+++ ')) return `+++ b/${path}`;
        return line;
      })
      .join('\n')
      .concat(result.stdout.length > 0 ? '\n' : '');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const num = (v: number | null | undefined, digits = 3) =>
  v === null || v === undefined ? '–' : v.toFixed(digits);

/** The result as markdown: the stop reason, each candidate, each confirmation, the spend. */
export function renderResultMarkdown(result: OptimizationResult): string {
  const lines = [
    `# optimize: ${result.axis}${result.dry_run ? ' (dry run: offline policy, $0.00)' : ''}`,
    '',
    `Config \`${result.config}\`. Stopped: ${result.stop} after ${result.rounds} round(s), ${result.campaign_rollouts} rollout(s)${result.resumed ? ` (${result.rollouts} in this run, which resumed an earlier one)` : ''}.`,
    `Search slice ${result.search.slice} (${result.search.tasks} tasks), held-out ${result.acceptance.slice} (${result.acceptance.tasks} tasks).`,
    `Incumbent \`${result.incumbent.hash.slice(0, 12)}\` scored ${num(result.incumbent.search_mean)} on the search slice; final \`${result.final.id}\`.`,
    `Judge: ${result.judge}.`,
    '',
    '## Candidates',
    '',
    ...(result.candidate_space === null ? [] : [`${result.candidate_space.summary}.`, '']),
    '| id | parent | operator | free checks | screening (tasks: mean) | search delta | status | cost |',
    '|---|---|---|---|---|---|---|---|',
    ...result.candidates.map(
      (c) =>
        `| ${c.id} | ${c.parent ?? '–'} | ${c.operator} | ${c.free_checks.pass ? 'pass' : `fail: ${c.free_checks.reason}`} | ${
          c.screening.map((s) => `${s.tasks}: ${num(s.mean)}`).join(', ') || '–'
        } | ${num(c.search_delta)} | ${c.status} | ${c.cost_usd === undefined ? '–' : `$${c.cost_usd.toFixed(4)}`} |`,
    ),
    '',
    '## Confirmations',
    '',
    ...(result.confirmations.length === 0
      ? ['None: no survivor beat the incumbent by the margin on the search slice.']
      : [
          '| # | candidate | test | pairs | delta | interval | p | corrected alpha | decision |',
          '|---|---|---|---|---|---|---|---|---|',
          ...result.confirmations.map(
            (c) =>
              `| ${c.index} | ${c.candidate} | objective: ${c.test} | ${c.pairs} | ${num(c.delta)} | [${num(c.low)}, ${num(c.high)}] | ${formatPValue(c.pvalue)} | ${num(c.alpha, 4)} | ${c.decision}: ${c.reason} |`,
          ),
          ...guardLines(result.confirmations),
        ]),
    '',
    '## Spend',
    '',
    `Booked $${result.spend.usd.toFixed(2)} (${
      Object.entries(result.spend.by_kind)
        .map(([k, v]) => `${k} $${v.toFixed(2)}`)
        .join(', ') || 'nothing'
    }).`,
    `A real run of these steps: ${estimateText(result.estimate)}.`,
    ...(result.resumed
      ? [`The whole campaign, with the runs this one resumed: ${estimateText(result.campaign_estimate)}.`]
      : []),
  ];
  if (result.diff !== null) lines.push('', '## Proposed diff', '', '```diff', result.diff.trimEnd(), '```');
  return `${lines.join('\n')}\n`;
}

/**
 * Writes `result.json`, `result.md`, `metrics.json` (`flatResultMetrics`) and one `admissions.jsonl` line per proposal (hashes, parent,
 * free-check verdict, test, p, status, cost) into the result's run directory.
 *
 * @example
 * writeResultFiles(result);
 */
export function writeResultFiles(result: OptimizationResult): void {
  writeFileSync(join(result.dir, 'result.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(result.dir, 'result.md'), renderResultMarkdown(result));
  writeFileSync(join(result.dir, 'metrics.json'), `${JSON.stringify(flatResultMetrics(result), null, 2)}\n`);
  // The accepted change on its own, ready for `git apply` in the product's repository.
  if (result.diff !== null) writeFileSync(join(result.dir, 'accepted.diff'), result.diff);
  // Rewritten whole: a resumed campaign re-derives every proposal (its rollouts from the cache).
  const lines = result.candidates.map((r) => {
    const confirmation = result.confirmations.find((e) => e.candidate === r.id);
    return JSON.stringify({
      candidate: r.id,
      parent: r.parent,
      hash: r.hash,
      round: r.round,
      free_checks: r.free_checks,
      statistic: confirmation?.test ?? null,
      p: confirmation?.pvalue ?? null,
      status: r.status,
      cost_usd: r.cost_usd ?? null,
    });
  });
  writeFileSync(join(result.dir, 'admissions.jsonl'), lines.map((l) => `${l}\n`).join(''));
}

/**
 * The `OptimizationResult` of a campaign from what its rounds left: each candidate's cost from the
 * bookings, the spend by kind, and the diff against the artifact when a text candidate won.
 *
 * @example
 * const result = await assembleResult({ loaded, dir, dryRun, slices, head, outcome, ... });
 */
export async function assembleResult(input: {
  loaded: LoadedCampaign;
  dir: string;
  dryRun: boolean;
  slices: CampaignSlices;
  head: Candidate;
  outcome: RoundsOutcome;
  confirmations: readonly ConfirmationEntry[];
  bookings: readonly SpendBooking[];
  spentUsd: number;
  rollouts: number;
  campaignRollouts: number;
  resumed: boolean;
  stoppedBy: 'ceiling' | null;
  estimate: CostEstimate;
  judged: boolean;
  space: CandidateSpace | null;
}): Promise<OptimizationResult> {
  const { loaded, outcome, head, slices } = input;
  const final = outcome.incumbent;
  for (const record of outcome.records) record.cost_usd = candidateCost(input.bookings, record);
  return {
    axis: loaded.config.axis,
    config: loaded.file,
    dir: input.dir,
    dry_run: input.dryRun,
    stop: outcome.stop,
    rounds: outcome.rounds,
    search: { slice: slices.search.name, tasks: slices.search.tasks.length },
    acceptance: { slice: slices.acceptance.name, tasks: slices.acceptance.tasks.length },
    incumbent: { id: head.id, hash: head.hash, search_mean: outcome.incumbentMean },
    final: { id: final.id, hash: final.hash },
    candidate_space: input.space,
    candidates: outcome.records,
    confirmations: [...input.confirmations],
    rollouts: input.rollouts,
    campaign_rollouts: input.campaignRollouts,
    resumed: input.resumed,
    stopped_by: input.stoppedBy,
    spend: { usd: input.spentUsd, by_kind: spendByKind(input.bookings) },
    estimate: input.estimate,
    campaign_estimate: input.resumed ? campaignEstimate(input.dir, input.estimate) : input.estimate,
    diff:
      final !== head && loaded.paths.artifact !== null
        ? await unifiedDiff(loaded.paths.repo, loaded.paths.artifact, final.text)
        : null,
    judge: input.judged
      ? `${input.estimate.calls.judge} sample(s) judged this run; verdicts with transcript paths in judgments.jsonl`
      : 'not in the objective (judge_score weight 0, or no judge configured)',
  };
}

// Each guard objective's test and each look at each confirmation, under the table.
function guardLines(confirmations: readonly ConfirmationEntry[]): string[] {
  const guards = confirmations.flatMap((c) =>
    (c.guards ?? []).map((g) => `- #${c.index} ${c.candidate}, guard: ${g.line} ${g.passed ? '✅' : '❌'}`),
  );
  const looks = confirmations.flatMap((c) =>
    (c.looks ?? []).map(
      (o) =>
        `- #${c.index} ${c.candidate}, look ${o.look} after ${o.tasks} tasks (${o.pairs} pairs): z = ${o.z === null ? 'n/a' : o.z.toFixed(3)}, success at >= ${o.bound.toFixed(3)}: ${o.decision}`,
    ),
  );
  return [
    ...(guards.length === 0
      ? []
      : ['', 'Guard objectives (each must be shown no worse for an acceptance):', ...guards]),
    ...(looks.length === 0
      ? []
      : ['', 'Looks (the confirmation stops at the first boundary crossed):', ...looks]),
  ];
}
