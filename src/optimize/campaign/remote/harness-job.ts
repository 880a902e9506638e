import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOKEN_CAP_ENV } from '../../../agent/index.js';
import { CONFIRMED_SPEND_ENV } from '../../../core/index.js';
import type { ArmRunners } from '../arms/arm-runner.js';
import { rolloutHarnessArgs } from '../harness-args.js';
import type { ContentStore } from './content-store.js';
import type { JobInputs } from './job-inputs.js';
import type { RolloutJob, RolloutResult } from './job-schema.js';
import { collectRollout } from './rollout-files.js';
import type { JobPlace } from './worker-arms.js';

/** What a worker hands each job it runs: where, its inputs by hash, a scratch directory, its places. */
export interface WorkerJobContext {
  /** The worker's name on the queue. */
  worker: string;
  place: JobPlace;
  inputs: JobInputs;
  store: ContentStore;
  /** The job's own empty directory, removed after it. */
  scratch: string;
  cacheDir: string;
  reposDir: string;
  env: Record<string, string | undefined>;
  /** The worker's runners, one per arm place and environment, kept across its jobs. */
  runners: ArmRunners;
}

/**
 * A before-after's or an optimizer's rollout on a worker: its inputs fetched by hash, the task's
 * harness (`harness run`, one attempt) on the worker's runner for the job's place, its `--out` in `scratch`;
 * the child's outcome and the rollout's ledger lines, files and blobs go back.
 *
 * @example
 * const result = await runHarnessJob(job, { worker: 'w1', place, inputs, store, scratch, cacheDir, reposDir, env });
 */
export async function runHarnessJob(data: RolloutJob, context: WorkerJobContext): Promise<RolloutResult> {
  const { place, scratch } = context;
  const got = await context.inputs.resolve(data);
  const input = join(scratch, 'task.jsonl');
  writeFileSync(input, `${JSON.stringify(got.task)}\n`);
  const out = join(scratch, 'out');
  const result = await context.runners.run({
    worktree: place.worktree,
    harness: place.harness,
    argv: [
      ...place.harness,
      ...['run', '--tasks', input, '--out', out, '--model', data.model, '--llm-block', got.blockFile],
      ...place.productArgs,
      ...rolloutHarnessArgs(
        {
          turnBudget: data.turn_budget,
          configFile: got.configFile,
          workspace: data.workspace,
          toolDocs: got.toolDocs,
          systemPrompt: got.systemPrompt,
          architecture: data.architecture,
        },
        { cacheDir: context.cacheDir, reposDir: context.reposDir },
      ),
      ...got.endpointArgs,
    ],
    env: {
      ...context.env,
      [CONFIRMED_SPEND_ENV]: '1',
      ...(data.token_cap === null ? {} : { [TOKEN_CAP_ENV]: data.token_cap }),
    },
    timeoutMs: data.timeout_ms,
    secrets: got.secrets,
  });
  return {
    worker: context.worker,
    exception: result.exception,
    exit_code: result.exitCode,
    signal: result.signal,
    timed_out: result.timedOut,
    duration_ms: result.durationMs,
    stderr_tail: result.stderrTail,
    ...(await collectRollout(out, data.task.id, context.store)),
  };
}
