import type { AgentAdapter } from '../../agent/index.js';
import { AgentTrackError } from '../../core/index.js';
import { formatUsd } from '../campaign/spend/usd.js';
import { trackRuleText } from './track-verdict.js';

/** What a track will run and what it may cost, printed before anything runs. */
export interface TrackPlan {
  agent: string;
  bin: string;
  split: string;
  tasks: string[];
  /** Rollout pairs per task (each repeat is a bare and a with-server rollout, judged as a pair). */
  repeats: number;
  rollouts: number;
  /** The booking per rollout (`--usd-per-rollout`), passed to an agent that caps itself; `null`: unknown. */
  usd_per_rollout: number | null;
  judge: { model: string; offline: boolean; usd_per_call: number | null; max_calls: number };
  max_usd: number | null;
  /** Rollouts at their booking plus every judge call; `null` when a price is unknown. */
  most_usd: number | null;
}

/**
 * The plan: two rollouts per task, at most two judge calls per task (one retry), and the most it
 * can book.
 *
 * @example
 * buildTrackPlan({ agent, split: 'fixture-code/small_test', tasks: ['t1'], usdPerRollout: 0.5, judge, maxUsd: 2 }).most_usd; // 1
 */
export function buildTrackPlan(options: {
  agent: AgentAdapter;
  split: string;
  tasks: readonly string[];
  repeats?: number;
  usdPerRollout: number | null;
  judge: { model: string; offline: boolean; usdPerCall: number | null };
  maxUsd: number | null;
}): TrackPlan {
  const repeats = options.repeats ?? 1;
  const rollouts = options.tasks.length * repeats * 2;
  const maxCalls = options.tasks.length * repeats * 2;
  const callUsd = options.judge.offline ? 0 : options.judge.usdPerCall;
  const most =
    options.usdPerRollout === null || callUsd === null
      ? null
      : rollouts * options.usdPerRollout + maxCalls * callUsd;
  return {
    agent: options.agent.name,
    bin: options.agent.bin,
    split: options.split,
    tasks: [...options.tasks],
    repeats,
    rollouts,
    usd_per_rollout: options.usdPerRollout,
    judge: {
      model: options.judge.model,
      offline: options.judge.offline,
      usd_per_call: callUsd,
      max_calls: maxCalls,
    },
    max_usd: options.maxUsd,
    most_usd: most,
  };
}

/**
 * The plan as printed.
 *
 * @example
 * renderTrackPlan(plan); // 'track: claude-code (`claude`) over fixture-code/small_test: 6 task(s), 12 rollout(s) ...'
 */
export function renderTrackPlan(plan: TrackPlan): string {
  const rollout =
    plan.usd_per_rollout === null
      ? 'unknown (give `--usd-per-rollout`)'
      : `${formatUsd(plan.usd_per_rollout)}${plan.agent === 'claude-code' ? ' (passed to the agent as --max-budget-usd)' : ''}`;
  const judge = plan.judge.offline
    ? 'offline policy (a deterministic stand-in for a model, not a model), $0'
    : `\`${plan.judge.model}\`, ${plan.judge.usd_per_call === null ? 'price unknown (give `--judge-usd-per-call`)' : `${formatUsd(plan.judge.usd_per_call)} a call`}`;
  return [
    `track: ${plan.agent} (\`${plan.bin}\`) over ${plan.split}: ${plan.tasks.length} task(s)${plan.repeats > 1 ? ` x ${plan.repeats} repeats` : ''}, ${plan.rollouts} rollout(s) (bare, with-server)`,
    `per rollout: ${rollout}`,
    `judge: ${judge}, at most ${plan.judge.max_calls} call(s)`,
    `at most: ${plan.most_usd === null ? 'unknown' : formatUsd(plan.most_usd)}; ceiling: ${plan.max_usd === null ? 'none (`--max-usd`)' : formatUsd(plan.max_usd)}`,
    trackRuleText(0.05),
  ].join('\n');
}

/**
 * The spend gate of a track, before any process starts: with `--max-usd`, every price must be known
 * (`SPEND_PRICE_UNKNOWN` naming the flag) and the agent must be able to report its cost
 * (`TRACK_COST_UNREPORTED`): a ceiling that cannot be counted fails closed.
 *
 * @example
 * assertTrackSpend(plan, agent);
 */
export function assertTrackSpend(plan: TrackPlan, agent: AgentAdapter): void {
  if (plan.max_usd === null) return;
  const missing = [
    ...(plan.usd_per_rollout === null ? ['--usd-per-rollout'] : []),
    ...(plan.judge.usd_per_call === null ? ['--judge-usd-per-call'] : []),
  ];
  if (missing.length > 0) {
    throw new AgentTrackError(
      'SPEND_PRICE_UNKNOWN',
      `\`--max-usd ${plan.max_usd}\` cannot be enforced while a price is unknown: give ${missing.map((f) => `\`${f}\``).join(', ')}`,
      { data: { max_usd: plan.max_usd, missing } },
    );
  }
  if (!agent.reportsCost) {
    throw new AgentTrackError(
      'TRACK_COST_UNREPORTED',
      `\`--max-usd ${plan.max_usd}\` cannot be enforced: the \`${agent.name}\` agent's \`${agent.transcript}\` transcript carries no cost`,
      { data: { agent: agent.name, transcript: agent.transcript } },
    );
  }
}
