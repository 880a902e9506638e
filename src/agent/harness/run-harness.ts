import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AgentTrackError, invalidOption, recordError, redact } from '../../core/index.js';
import type { Task } from '../../retrieval/index.js';
import type { TextExtractor } from '../../trajectory/index.js';
import { importedTaskDir, OUTCOMES, type Outcome } from '../../trajectory/index.js';
import type { Architecture } from '../loop/architecture.js';
import { emptyTally, type RequestTally } from '../loop/run-agent.js';
import type { TokenCap } from '../loop/token-cap.js';
import type { AgentProduct } from '../manifest/agent-product.js';
import { freshServers } from '../mcp/server-pool.js';
import { warmServers } from '../mcp/warm-pool.js';
import { LEDGER_FILE, type LedgerLine, openLedger } from './ledger.js';
import type { OpenedModel } from './open-model.js';
import { probeCorpora } from './probe-corpora.js';
import type { ProductProbe } from './product-probe.js';
import { runPool } from './promise-pool.js';
import { runTask, type TaskRun } from './run-task.js';
import { openRunnerState, type RunnerState } from './runner-state.js';
import type { WorkspaceResolver } from './task-workspace.js';

export interface HarnessOptions {
  tasks: readonly Task[];
  /** The output directory: `tasks/<id>/`, `blobs/`, `ledger.jsonl`. */
  out: string;
  model: OpenedModel;
  product: AgentProduct;
  workspaces: WorkspaceResolver;
  /** Tasks in flight at once (default 1). */
  concurrency?: number;
  architecture?: Architecture;
  turnBudget?: number;
  timeoutMs?: number;
  extractor?: TextExtractor;
  /**
   * Keep a finished rollout's server for the next task on the same workspace instead of starting
   * one per task. Only for servers with no state between calls; default: the manifest's
   * `isolation` is `corpus`.
   */
  reuseServers?: boolean;
  /**
   * What a runner keeps across the rollouts it runs: reused servers come from its pool (kept open
   * after the run), and a server it probed is not probed again. Default: a pool of this run's own,
   * stopped at its end, and every corpus probed.
   */
  runner?: RunnerState;
  /** Rollouts per task before it is recorded as failed (default 2: a failure is retried once). */
  attempts?: number;
  /** Re-run tasks the ledger records as failed (default: every task in the ledger is skipped). */
  retryFailed?: boolean;
  /** Where `auth.env` is read, to redact the key from error messages (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Called with each ledger line as it is appended. */
  onTask?: (line: LedgerLine) => void;
  /** The most each rollout may use (what a campaign booked it at); see `tokenMeter`. */
  tokenCap?: TokenCap;
  /**
   * Probe the product once per corpus before the first rollout (`probeCorpora`; default true).
   * `false` when the caller already did (a campaign probes each arm once, not in every child).
   */
  probe?: boolean;
  /** Called with each probe's result before any rollout. */
  onProbe?: (probe: ProductProbe) => void;
}

export interface HarnessSummary {
  ledger: string;
  total: number;
  /** Already in the ledger, not run again. */
  skipped: number;
  done: number;
  failed: number;
  outcomes: Record<Outcome, number>;
  /** The tasks this run recorded as failed, with the error's type and message. */
  failures: { task_id: string; type: string; message: string }[];
  /** The product probe of each corpus the tasks run on (`probeCorpora`); empty when not probed. */
  probes: ProductProbe[];
  duration_ms: number;
}

// Errors a second attempt cannot fix: a refusal by the endpoint (401, a bad parameter), a missing
// key, corpus or workspace.
const NOT_RETRIED = new Set([
  'LLM_KEY_MISSING',
  'NO_WORKSPACE',
  'CORPUS_NOT_PRESENT',
  'REPO_NOT_PRESENT',
  'COMMIT_NOT_FOUND',
  'PATH_ESCAPE',
]);

function worthRetrying(error: unknown): boolean {
  if (!(error instanceof AgentTrackError)) return true;
  return !NOT_RETRIED.has(error.code) && error.data.retryable !== false;
}

function doneLine(
  run: TaskRun,
  base: Omit<
    LedgerLine,
    | 'status'
    | 'outcome'
    | 'turns'
    | 'tool_calls'
    | 'usage'
    | 'cost_usd'
    | 'description_tokens'
    | 'error'
    | 'context_cuts'
  >,
): LedgerLine {
  const usage = run.usage;
  return {
    ...base,
    status: 'done',
    outcome: run.outcome,
    turns: run.turns,
    tool_calls: run.tool_calls,
    usage:
      usage === null
        ? null
        : {
            prompt: usage.prompt,
            completion: usage.completion,
            reasoning: usage.reasoning,
            cached: usage.cached,
            messages: usage.messages,
          },
    cost_usd: usage?.cost_usd ?? null,
    description_tokens: run.description_tokens,
    context_cuts: run.context_cuts,
    error: null,
  };
}

/**
 * What a failed task's attempts used, as far as it is known: zero when no request was sent (it is
 * refunded), the answered requests' tokens when every sent request was answered with usage, else
 * `null` (its booking then stands at the worst case).
 */
function failedUsage(tally: RequestTally): LedgerLine['usage'] {
  if (tally.answered < tally.sent || tally.unreported > 0) return null;
  return {
    prompt: tally.prompt,
    completion: tally.completion,
    reasoning: null,
    cached: null,
    messages: tally.answered,
  };
}

/**
 * The harness: every task through `runTask`, `concurrency` at a time, one trajectory directory per
 * task and one ledger line per finished task. Resumable: a task the ledger holds is skipped (a
 * failed one too, unless `retryFailed`). A rollout that throws is retried up to `attempts` in all
 * (default 2; not when retrying cannot help: a 401, a missing key or corpus), then recorded as
 * failed with the error's type and message (the key redacted).
 *
 * @example
 * const summary = await runHarness({ tasks, out: 'runs/arm', model, product, workspaces, concurrency: 8 });
 * summary.outcomes.answered; // 48
 */
export async function runHarness(options: HarnessOptions): Promise<HarnessSummary> {
  const began = performance.now();
  const maxAttempts = options.attempts ?? 2;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw invalidOption('attempts', 'a positive integer', options.attempts);
  }
  mkdirSync(options.out, { recursive: true });
  const ledger = join(options.out, LEDGER_FILE);
  const log = openLedger(ledger);
  const previous = log.done;
  const pending = options.tasks.filter((task) => {
    const line = previous.get(task.id);
    return line === undefined || (options.retryFailed === true && line.status === 'failed');
  });
  const env = options.env ?? process.env;
  const auth = options.model.block.auth;
  const secret = auth === undefined ? undefined : env[auth.env];
  const outcomes = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<Outcome, number>;
  let done = 0;
  let failed = 0;
  const failures: HarnessSummary['failures'] = [];
  // A server whose isolation is `corpus` serves rollout after rollout; any other is fresh per
  // rollout, started ahead of need (warm).
  const concurrency = options.concurrency ?? 1;
  const reuse = options.reuseServers ?? options.product.product.manifest.isolation === 'corpus';
  const shared = reuse ? options.runner?.servers : undefined;
  // A shared pool outlives the run: closing the run's view of it hands back what the run holds.
  const pool = reuse
    ? shared !== undefined
      ? { ...shared, close: async () => {} }
      : openRunnerState().servers
    : pending.length > 1
      ? warmServers({ spares: Math.min(concurrency, pending.length - 1), total: pending.length })
      : freshServers();
  // Before the first rollout, one search per corpus shows the server sees it; each probed server
  // serves the corpus's first rollout, so the probe starts no server of its own.
  const { probes, servers } =
    options.probe === false
      ? { probes: [], servers: pool }
      : await probeCorpora(pending, {
          product: options.product,
          workspaces: options.workspaces,
          servers: pool,
          concurrency,
          ...(options.extractor === undefined ? {} : { extractor: options.extractor }),
          ...(options.runner === undefined ? {} : { probed: options.runner.probed }),
        });
  for (const probe of probes) options.onProbe?.(probe);
  try {
    await runPool(pending, concurrency, async (task) => {
      const taskBegan = performance.now();
      const trajectory = relative(options.out, importedTaskDir(options.out, task.id));
      let attempts = 0;
      let line: LedgerLine | undefined;
      let lastError: unknown;
      const tally = emptyTally();
      while (line === undefined && attempts < maxAttempts) {
        attempts += 1;
        try {
          const place = await options.workspaces(task);
          const run = await runTask(task, {
            out: options.out,
            provider: options.model.provider,
            model: options.model.model,
            server: options.product.serverFor(place),
            corpus: place.corpus,
            system: options.product.system,
            thinking: options.model.thinking,
            servers,
            overwrite: true,
            tally,
            ...(options.tokenCap === undefined ? {} : { tokenCap: options.tokenCap }),
            ...(options.architecture === undefined ? {} : { architecture: options.architecture }),
            ...(options.turnBudget === undefined ? {} : { turnBudget: options.turnBudget }),
            ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
            ...(options.extractor === undefined ? {} : { extractor: options.extractor }),
          });
          line = doneLine(run, {
            task_id: task.id,
            attempts,
            duration_ms: Math.round(performance.now() - taskBegan),
            trajectory,
            requests: tally.sent,
            finished_at: new Date().toISOString(),
          });
        } catch (error) {
          lastError = error;
          if (!worthRetrying(error)) break;
        }
      }
      line ??= {
        task_id: task.id,
        status: 'failed',
        outcome: null,
        attempts,
        turns: null,
        tool_calls: null,
        usage: failedUsage(tally),
        requests: tally.sent,
        cost_usd: null,
        duration_ms: Math.round(performance.now() - taskBegan),
        description_tokens: null,
        trajectory,
        error: {
          type: recordError(lastError).type,
          message: redact(recordError(lastError).message, secret),
        },
        finished_at: new Date().toISOString(),
      };
      log.append(line);
      if (line.status === 'done') {
        done += 1;
        outcomes[line.outcome!] += 1;
      } else {
        failed += 1;
        failures.push({ task_id: task.id, type: line.error!.type, message: line.error!.message });
      }
      options.onTask?.(line);
    });
  } finally {
    await servers.close();
  }
  return {
    ledger,
    total: options.tasks.length,
    skipped: options.tasks.length - pending.length,
    done,
    failed,
    outcomes,
    failures,
    probes,
    duration_ms: Math.round(performance.now() - began),
  };
}
