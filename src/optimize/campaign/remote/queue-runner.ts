import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Job, Queue } from 'bullmq';
import { connectionOptions, type QueueTarget } from '../../../core/index.js';
import type { ArmProcessResult } from '../arms/arm-process.js';
import type { RolloutRunner } from '../rollout-runner.js';
import { connectQueue } from './connect-queue.js';
import { contentStore } from './content-store.js';
import { jobBoard } from './job-board.js';
import { type JobMakerOptions, jobMaker } from './job-maker.js';
import {
  ROLLOUT_QUEUE,
  type RolloutJob,
  readKey,
  rolloutJobId,
  rolloutResultSchema,
  WORKER_REFUSED,
} from './job-schema.js';
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

// A `read` mark outlives any campaign's resume window.
const READ_TTL_SECONDS = 30 * 24 * 3600;

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
 * campaign directory, then the job is removed. The orchestrator stays the one writer of the ledger
 * and the spend ledger: every job is booked before it is enqueued, so workers racing never cross
 * the ceiling. Redis unreachable for a while is waited out; a job Redis lost is enqueued again.
 *
 * @example
 * const runner = await openQueueRunner({ target: parseQueueUrl('redis://127.0.0.1:6379/0'), campaign, dir, repo, model, blockFile, settings, ingestion, standIn: null, log });
 * await runArms({ ...options, runner });
 */
export async function openQueueRunner(options: QueueRunnerOptions): Promise<RolloutRunner> {
  const connection = connectionOptions(options.target, options.env);
  const redis = await connectQueue(options.target, options.env);
  const queue = new Queue(ROLLOUT_QUEUE, { connection });
  queue.on('error', () => {});
  const store = contentStore(redis);
  const campaign = options.campaign;
  const jobOf = jobMaker({ ...options, block: await store.put(readFileSync(options.blockFile)) }, store);
  const pollMs = options.pollMs ?? 100;
  const board = jobBoard();
  // Redis down (a restart): every call waits and is tried again until it answers.
  const patiently = async <T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T | null> => {
    for (;;) {
      try {
        return await call();
      } catch {
        if (signal?.aborted) return null;
        await delay(pollMs);
      }
    }
  };
  let quietSince = Date.now();
  let warned = false;
  return {
    label: `the queue ${options.target.url} (campaign ${campaign})`,
    async reattach(booking) {
      const job = await patiently(() => Job.fromId(queue, rolloutJobId(campaign, booking)));
      if (job !== undefined && job !== null) return 'queued';
      return (await patiently(() => redis.exists(readKey(campaign, booking)))) === 1 ? null : 'unsent';
    },
    async run(request) {
      const data = await jobOf(request);
      const id = rolloutJobId(campaign, data.booking);
      const add = () =>
        queue.add('rollout', data, { jobId: id, attempts: 1, removeOnComplete: false, removeOnFail: false });
      await patiently(add, request.signal);
      board.queued(id);
      for (;;) {
        if (request.signal?.aborted) {
          // A job no worker took yet is taken back; a running one finishes and waits for the resume.
          const job = await Job.fromId(queue, id).catch(() => undefined);
          if (job !== undefined && (await job.getState().catch(() => 'unknown')) === 'waiting')
            await job.remove().catch(() => {});
          board.forget(id);
          return failedResult(
            { type: 'Aborted', message: 'the campaign was stopped while the job was queued or running' },
            true,
          );
        }
        const job = await Job.fromId<RolloutJob>(queue, id).catch(() => null);
        if (job === undefined) {
          options.log(
            `${data.arm} ${data.task.id}: Redis no longer holds its job (restarted without its data?): enqueued again`,
          );
          await patiently(add, request.signal);
        }
        const state = job ? await job.getState().catch(() => null) : null;
        // A job read before it ended carries no result yet: once its state says it ended, read it again.
        const ended = state === 'completed' || state === 'failed';
        const final = ended ? await Job.fromId<RolloutJob>(queue, id).catch(() => null) : job;
        if (final && state !== null) {
          const job = final;
          const worker = job.processedBy ?? null;
          if (board.seen(id, state, worker)) quietSince = Date.now();
          if (ended) {
            board.finished(id, worker, state === 'completed' && job.returnvalue?.exception == null);
            const parsed = state === 'completed' ? rolloutResultSchema.safeParse(job.returnvalue) : null;
            if (parsed?.success) {
              await writeRollout(
                parsed.data,
                request.out,
                `${data.arm} ${data.task.id}`,
                data.task.id,
                store,
              );
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
              state === 'failed'
                ? job.failedReason
                : `its result is not a rollout result: ${parsed?.error.message}`;
            return failedResult({ type: WORKER_REFUSED, message: `${worker ?? 'a worker'}: ${reason}` });
          }
        }
        if (!warned && Date.now() - quietSince > 60_000 && board.state().running === 0) {
          warned = true;
          options.log(
            `no worker has taken a job for 60 s: start \`agent-track worker --queue ${options.target.url}\` on a machine that has the product`,
          );
        }
        await delay(pollMs);
      }
    },
    async done(request) {
      // Recorded: marked read first, then the job goes, so a resume never takes it for one never sent.
      const id = rolloutJobId(campaign, request.booking);
      await patiently(() => redis.set(readKey(campaign, request.booking), '1', 'EX', READ_TTL_SECONDS));
      const job = await Job.fromId(queue, id).catch(() => undefined);
      await job?.remove().catch(() => {});
    },
    jobs: () => board.state(),
    onChange: (redraw) => board.onChange(redraw),
    async close() {
      await queue.close().catch(() => {});
      redis.disconnect();
    },
  };
}
