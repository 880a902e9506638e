import type { QueueTarget } from '../../core/index.js';
import type { DecisionRule, Report } from '../../report/index.js';
import type { Spending } from '../../stats/index.js';
import type { RolloutRunner } from '../campaign/rollout-runner.js';
import type { DetectSpec } from './detect.js';
import type { StandInSampling } from './offline-model.js';
import type { Plan } from './plan-schema.js';

export interface BeforeAfterOptions {
  /** The product repository both revisions live in (default: the current directory). */
  repo?: string;
  /** The harness for a product whose manifest names none (a third-party server): the CLI's own. */
  harness?: readonly string[];
  baseline: string;
  candidate: string;
  /** `<dataset>/<slice>`. */
  split: string;
  model: string;
  /** Required unless the model is `offline`. */
  llmBlock?: string;
  /** A serving config both arms use instead of their own default. */
  config?: string;
  workspace?: string;
  limit?: number;
  /** Rollouts per task per arm (default 1); the paired unit stays the task. */
  repeats?: number;
  /** Run the first N tasks first and print what the whole campaign can detect (`power.json`). */
  pilot?: number;
  /** An earlier run directory whose paired differences give the plan its power (no pilot needed). */
  varianceFrom?: string;
  /** Changes the user wants to detect (`--detect`, per row or for all): the plan says how many tasks each headline row needs. */
  detect?: DetectSpec;
  /**
   * Looks (default 1: the fixed design): the plan prints K equal batches, each look's
   * group-sequential boundary and the expected spend (`looks.json`).
   */
  looks?: number;
  /**
   * Row key -> margin: a guard row is tested for non-inferiority at it (a success needs it passed),
   * any other row for equivalence within plus or minus it. Stated in the plan, before any number.
   */
  margins?: Readonly<Record<string, number>>;
  /**
   * The decision rule (`decisionRule({primary, guards})` of `--primary` and `--guard`): stated in
   * the plan, fixed for a resume, followed by the report and the gate. Default `DEFAULT_DECISION_RULE`.
   */
  rule?: DecisionRule;
  /** The looks' Lan-DeMets alpha spending (default `obrien-fleming`). */
  spending?: Spending;
  /** The offline stand-in's sampling (`--model offline` only): written into its LLM block. */
  standIn?: StandInSampling;
  confirmSpend?: boolean;
  buildIndexes?: boolean;
  maxUsd?: number | null;
  concurrency?: number;
  /** Run again the rollouts an earlier run of this campaign excluded (`--retry-failed`). */
  retryFailed?: boolean;
  /** Run the rollouts as jobs on this Redis queue, for `agent-track worker` processes (`--queue`). */
  queue?: QueueTarget;
  /** Where the rollouts run without a queue (default: a runner per arm on this machine, `openLocalRunner`). */
  runner?: RolloutRunner;
  /** The campaign directory (default `runs/<name>`). */
  dir?: string;
  turnBudget?: number;
  callsPerTurn?: number;
  contextTokensPerTurn?: number;
  outputTokensPerTurn?: number;
  prices?: { inputPer1m?: number | null; outputPer1m?: number | null; embedPer1m?: number | null };
  cacheDir?: string;
  reposDir?: string;
  /** The JSONL run log each finished run appends its records to (default: the cache directory's `runs.jsonl`). */
  runLog?: string;
  log?: (line: string) => void;
  progress?: NodeJS.WritableStream & { isTTY?: boolean };
  /**
   * Called once the campaign directory is known to be this campaign's (or new) and exists, before
   * anything is planned or run in it (the gate restores a cached baseline arm there).
   */
  onCampaignDir?: (dir: string) => void;
  /** Aborting stops the rollouts at once (an interrupt): what finished is reported, the run resumes later. */
  signal?: AbortSignal;
}

export interface BeforeAfterResult {
  dir: string;
  plan: Plan;
  /** `null` for a plan-only invocation (nothing ran, nothing spent). */
  report: Report | null;
  files: string[];
  /** What stopped the rollouts short: the ceiling, an interrupt, or nothing (`null`; also for a plan). */
  stoppedBy: 'ceiling' | 'abort' | 'endpoint' | 'workers' | null;
}
