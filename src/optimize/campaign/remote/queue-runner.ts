import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { QueueTarget } from '../../../core/index.js';
import type { ArmProcessResult } from '../arms/arm-process.js';
import type { RolloutRunner } from '../rollout-runner.js';
import { type JobMakerOptions, jobMaker } from './job-maker.js';
import { rolloutResultSchema, WORKER_REFUSED } from './job-schema.js';
import { openQueueClient } from './queue-client.js';
import { writeRollout } from './rollout-files.js';

export interface QueueRunnerOptions extends Omit<JobMakerOptions, 'block'> {
  target: QueueTarget;
  blockFile: string;
  log: (line: string) => void;
  /** How often a waited-for job is looked at (default 100 ms). */
  pollMs?: number;
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The key of a campaign on a queue: its directory and what fixes its rollouts (for a before-after,
 * its arms, commits, model, LLM block, turn budget, repeats), so the same campaign run again (a
 * resume) finds its own jobs.
 *
 * @example
 * campaignKey('/work/runs/demo', { arms: [['baseline', sha]], model: 'offline' }); // '5c1f0e2a9b3d7e41'
 */
export function campaignKey(dir: string, fixed: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify({ dir: resolve(dir), ...fixed }))
    .digest('hex')
    .slice(0, 16);
}

function failedResult(exception: { type: string; message: string }, aborted = false): ArmProcessResult {
  return {
    ok: false,
    exitCode: null,
    signal: null,
    timedOut: false,
    aborted,
    stderrTail: '',
    durationMs: 0,
    exception,
  };
}

/**
 * Runs a campaign's rollouts as BullMQ jobs on Redis, for `agent-track worker` processes on any
 * machine. Each attempt is one job with a deterministic id (enqueueing it again finds it); the
 * LLM block, the serving config and directory corpora go to Redis once, by content hash; a job's
 * result (the harness's ledger lines, its trajectory files, its blobs by hash) is written into the
 * rollout's `--out`, then the job is removed. The orchestrator stays the one writer of the ledger
 * and the spend ledger: every job is booked before it is enqueued, so workers racing never cross
 * the ceiling. Redis unreachable for a while is waited out; a job Redis lost is enqueued again.
 *
 * @example
 * const runner = await openQueueRunner({ target: parseQueueUrl('redis://127.0.0.1:6379/0'), campaign, dir, repo, model, blockFile, settings, ingestion, standIn: null, log });
 * await runArms({ ...options, runner });
 */
export async function openQueueRunner(options: QueueRunnerOptions): Promise<RolloutRunner> {
  const client = await openQueueClient(options);
  const { store } = client;
  const jobOf = jobMaker({ ...options, block: await store.put(readFileSync(options.blockFile)) }, store);
  return {
    label: client.label,
    reattach: (booking) => client.reattach(booking),
    async run(request) {
      const data = await jobOf(request);
      const what = `${data.arm} ${data.task.id}`;
      const outcome = await client.submit('rollout', data.booking, data, what, {
        ok: (value: unknown) => (value as { exception?: unknown } | null)?.exception == null,
        ...(request.signal === undefined ? {} : { signal: request.signal }),
      });
      if (outcome.state === 'aborted')
        return failedResult(
          { type: 'Aborted', message: 'the campaign was stopped while the job was queued or running' },
          true,
        );
      const parsed = outcome.state === 'completed' ? rolloutResultSchema.safeParse(outcome.value) : null;
      if (parsed?.success) {
        await writeRollout(parsed.data, request.out, what, data.task.id, store);
        const r = parsed.data;
        return {
          ok: r.exception === null,
          exitCode: r.exit_code,
          signal: r.signal,
          timedOut: r.timed_out,
          aborted: false,
          stderrTail: r.stderr_tail,
          durationMs: r.duration_ms,
          exception: r.exception,
        };
      }
      const reason =
        outcome.state === 'failed'
          ? outcome.reason
          : `its result is not a rollout result: ${parsed?.error.message}`;
      return failedResult({ type: WORKER_REFUSED, message: `${outcome.worker ?? 'a worker'}: ${reason}` });
    },
    done: (request) => client.done(request.booking),
    jobs: () => client.jobs(),
    onChange: (redraw) => client.onChange(redraw),
    close: () => client.close(),
  };
}
