import { decisionRuleText } from '../../report/index.js';
import { MIN_CLUSTERS_FOR_INTERVAL } from '../../stats/index.js';
import { METRIC_COLUMNS } from '../../trajectory/index.js';
import { formatUsd } from '../campaign/spend/usd.js';
import type { Plan } from './plan-schema.js';

const int = (value: number) => value.toLocaleString('en-US');

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`.trimEnd(),
  );
}

/**
 * The plan as printed before anything runs: tasks, commits, model and endpoint, the LLM block
 * (byte-identical for both arms), the estimate per arm, corpora, every assumption with its flag,
 * and the metric list the report will carry.
 *
 * @example
 * process.stdout.write(renderPlan(plan));
 */
// What the plan says about an arm's tool-description figure when it was not measured just now.
const SOURCE_TEXT = {
  server: '',
  cache: ' (measured when this commit was last built)',
  artifact: ' (estimated from its tool_docs artifact; measured from its server when built)',
  unknown: ' (unknown until the arm is built: counted as 0)',
} as const;

export function renderPlan(plan: Plan): string {
  const lines: string[] = [];
  const { tasks } = plan;
  const scope = [
    tasks.split === null ? null : `split ${tasks.split}`,
    tasks.limit === null ? null : `first ${tasks.limit}`,
  ]
    .filter((part) => part !== null)
    .join(', ');
  lines.push(
    `Plan for campaign \`${plan.campaign}\`: ${int(tasks.count)} tasks${scope === '' ? '' : ` (${scope})`}${tasks.repeats > 1 ? ` x ${tasks.repeats} repeats` : ''} x ${plan.arms.length} arms = ${int(plan.totals.rollouts)} rollouts`,
  );
  for (const arm of plan.arms) {
    lines.push(
      `  ${arm.arm}: ${arm.commit.sha.slice(0, 12)} "${arm.commit.subject}" (${arm.commit.rev}); tool descriptions ${int(arm.description_tokens)} tokens${SOURCE_TEXT[arm.description_tokens_source]}`,
    );
  }
  // The offline stand-in's block names no port: each run starts its endpoint on a free one.
  const at =
    plan.model === 'offline' && plan.endpoint.base_url === 'http://127.0.0.1/v1'
      ? 'the offline endpoint this run starts on 127.0.0.1 (a free port each run; its block names none)'
      : plan.endpoint.base_url;
  lines.push(`Model \`${plan.model}\` via ${plan.endpoint.provider} at ${at}`);
  lines.push(
    `LLM block \`${plan.llm_block.file}\` (sha256 ${plan.llm_block.hash.slice(0, 16)}), byte-identical for ${plan.arms.length === 2 ? 'both arms' : `all ${plan.arms.length} arms`}:`,
  );
  lines.push(`  ${plan.llm_block.canonical}`);
  lines.push(
    `Estimate (every rollout spends its full turn budget of ${plan.turn_budget} turns; each is held to these tokens, old tool results cut to fit, so none costs more):`,
  );
  lines.push(
    ...table([
      ['arm', 'rollouts', 'calls', 'input tokens', 'output tokens', 'per rollout', 'dollars'],
      ...plan.arms.map((arm) => [
        arm.arm,
        int(arm.rollouts),
        int(arm.calls),
        int(arm.input_tokens),
        int(arm.output_tokens),
        formatUsd(arm.usd_per_rollout),
        formatUsd(arm.usd),
      ]),
      [
        'total',
        int(plan.totals.rollouts),
        int(plan.totals.calls),
        int(plan.totals.input_tokens),
        int(plan.totals.output_tokens),
        '',
        formatUsd(plan.totals.rollouts_usd),
      ],
    ]),
  );
  const corpora = plan.corpora;
  if (corpora.distinct > 0) {
    lines.push(
      `Corpora: ${corpora.distinct} distinct; ${corpora.valid} built and valid; ${corpora.invalid} built with another config; ${corpora.missing} missing`,
    );
    for (const corpus of corpora.items.filter((item) => item.state !== 'valid')) {
      lines.push(
        `  ${corpus.state === 'missing' ? 'missing' : 'refused'}: ${corpus.key} (${int(corpus.source_bytes)} source bytes)${corpus.reason === null ? '' : `: ${corpus.reason}`}`,
      );
    }
    if (corpora.invalid + corpora.missing > 0 && !corpora.embeds) {
      lines.push(
        `  building them indexes words only (no embeddings endpoint in the serving config): $0${
          corpora.build_indexes ? ' (--build-indexes)' : ' (not built without --build-indexes)'
        }`,
      );
    } else if (corpora.invalid + corpora.missing > 0) {
      lines.push(
        `  building them embeds ${int(corpora.to_build_source_bytes)} bytes / 4 = ${int(corpora.embed_tokens)} tokens, ${formatUsd(corpora.embed_usd)}${
          corpora.build_indexes
            ? ' (--build-indexes: booked against --max-usd before the arms)'
            : ' (not built without --build-indexes)'
        }`,
      );
    }
  }
  lines.push(
    `Total: ${formatUsd(plan.totals.usd)}${plan.totals.index_build_usd > 0 ? ` (index builds ${formatUsd(plan.totals.index_build_usd)})` : ''}`,
  );
  lines.push('Assumptions (the flag that changes each):');
  for (const assumption of plan.assumptions) {
    const value = assumption.value === null ? 'unknown' : int(assumption.value);
    lines.push(`  ${assumption.flag} ${value}: ${assumption.meaning}`);
  }
  if (plan.unknown_prices.length > 0) {
    lines.push(
      `Price unknown: ${plan.unknown_prices.join(', ')}; the dollars above read $0 for it until given, and --max-usd refuses to start`,
    );
  }
  lines.push(`Metrics the report will carry (${plan.metrics.length}): ${plan.metrics.join(', ')}`);
  lines.push(
    plan.comparison === null
      ? decisionRuleText(0.05, plan.decision_rule)
      : `Comparison: each system against the reference \`${plan.comparison.reference}\`, every metric tested two-sided and paired by task (Wilcoxon signed-rank, McNemar for yes/no rows), then Holm-adjusted across the systems; no decision rule, no verdict`,
  );
  if (plan.clusters > 1 && plan.clusters < plan.tasks.count) {
    lines.push(
      plan.clusters >= MIN_CLUSTERS_FOR_INTERVAL
        ? `Clusters: the tasks fall in ${plan.clusters} clusters (a task's \`cluster\`, else its corpus): every row is tested per cluster (a sign flip of the cluster means), so the evidence is ${plan.clusters} clusters, not ${plan.tasks.count} tasks`
        : `Clusters: the tasks fall in ${plan.clusters} clusters (a task's \`cluster\`, else its corpus): too few to test per cluster (${MIN_CLUSTERS_FOR_INTERVAL} needed); the rows are tested per task and the report says so`,
    );
  }
  const margins = Object.entries(plan.margins);
  if (margins.length > 0 && plan.comparison !== null) {
    const text = margins.map(([key, margin]) =>
      // The free rung's rows (`rung.*`) are recall and MRR: higher is better.
      (METRIC_COLUMNS.find((column) => column.key === key)?.direction ?? 'higher') === 'neither'
        ? `${key} within ±${margin} of the reference (equivalence, two one-sided paired t-tests)`
        : `${key} no worse than the reference by ${margin} (non-inferiority, one-sided paired t at the margin)`,
    );
    lines.push(`Margins, each system its own line, Holm-adjusted across the systems: ${text.join('; ')}`);
  } else if (margins.length > 0) {
    const guards = new Set<string>(plan.decision_rule.guards.map((g) => g.key));
    const text = margins.map(([key, margin]) =>
      guards.has(key)
        ? `${key} no worse than ${margin} (non-inferiority, one-sided paired t; a success needs it)`
        : `${key} within ±${margin} of the baseline (equivalence, two one-sided paired t-tests)`,
    );
    lines.push(`Margins, each its own verdict line: ${text.join('; ')}`);
  }
  return `${lines.join('\n')}\n`;
}
