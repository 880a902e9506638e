import type { QueueTarget } from '../../core/index.js';
import type { ModelPrices } from '../campaign/spend/usd.js';
import type { Proposer } from './propose/proposer.js';

/** How `optimize` runs a campaign: paid or dry, resumed, capped, where, on a queue or in-process. */
export interface OptimizeOptions {
  /** Walk the whole pipeline with the offline policy as model, proposer and judge: $0.00. */
  dryRun: boolean;
  /** A real run pays only with this; without it the plan is printed and nothing runs. */
  confirmSpend?: boolean;
  /** Overrides `budgets.max_usd`. */
  maxUsd?: number;
  /** Continue the campaign in this directory: nothing it paid for is paid for again. */
  resume?: string;
  out?: string;
  /** The first N tasks of each slice (small dry runs). */
  limit?: number;
  /** At most this many rounds (below the config's `search.rounds`). */
  rounds?: number;
  /** At most this many candidates per round (below the config's, and cutting a whole grid). */
  candidates?: number;
  /** The agent model's prices; the proposer's and judge's default to these when they are the same model. */
  prices?: ModelPrices;
  proposerPrices?: ModelPrices;
  judgePrices?: ModelPrices;
  /** Replaces the axis's proposer (scripted variants; tests). */
  proposer?: Proposer;
  cacheDir?: string;
  reposDir?: string;
  concurrency?: number;
  /** Run the rollouts as jobs on this queue, for `agent-track worker` processes on any machine. */
  queue?: QueueTarget;
  /** The run log the campaign's record is appended to (default: the cache directory's `runs.jsonl`). */
  runLog?: string;
  log?: (line: string) => void;
  /** Where a terminal's progress line goes (default: stderr; silent when it is not a TTY). */
  progress?: NodeJS.WritableStream & { isTTY?: boolean };
}
