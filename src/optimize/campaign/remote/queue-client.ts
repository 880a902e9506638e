import { setTimeout as delay } from 'node:timers/promises';
import { Job, Queue } from 'bullmq';
import { connectionOptions, type QueueTarget } from '../../../core/index.js';
import type { JobsState } from '../rollout-runner.js';
import { connectQueue } from './connect-queue.js';
import { type ContentStore, contentStore } from './content-store.js';
import { jobBoard } from './job-board.js';
import { ROLLOUT_QUEUE, readKey, rolloutJobId } from './job-schema.js';

/** How a job ended: its worker's result, its worker's refusal, or the campaign stopped waiting. */
export type JobOutcome =
  | { state: 'completed'; value: unknown; worker: string | null }
  | { state: 'failed'; reason: string; worker: string | null }
  | { state: 'aborted' };

/** One campaign's side of the queue: jobs sent under their bookings, waited for, let go. */
export interface QueueClient {
  readonly label: string;
  readonly store: ContentStore;
  /** What became of a booking an earlier run left open (see `RolloutRunner.reattach`). */
  reattach(booking: string): Promise<'queued' | 'unsent' | null>;
  /**
   * Sends a job (BullMQ name `name`) under its booking, or finds it there, and waits for it to end;
   * `ok` says whether a completed job's value counts as done for the progress line.
   */
  submit(
    name: string,
    booking: string,
    data: object,
    what: string,
    options: SubmitOptions,
  ): Promise<JobOutcome>;
  /** The result is recorded: marked read, then the job removed. */
  done(booking: string): Promise<void>;
  jobs(): JobsState;
  onChange(redraw: () => void): void;
  close(): Promise<void>;
}

export interface SubmitOptions {
  ok: (value: unknown) => boolean;
  signal?: AbortSignal;
}

// A `read` mark outlives any campaign's resume window.
const READ_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Opens a campaign's connection to the queue: jobs with deterministic ids (campaign and booking, so
 * sending one again finds it), polled until they end, and removed once their result is recorded,
 * after a `read` mark that tells a resume it ran. Redis unreachable for a while is waited out; a
 * job Redis lost is sent again; no worker taking a job for 60 s is said once.
 *
 * @example
 * const client = await openQueueClient({ target, campaign: '5c1f0e2a9b3d7e41', log });
 * const outcome = await client.submit('rollout', 'baseline/t1', job, 'baseline t1', { ok: () => true });
 */
export async function openQueueClient(options: {
  target: QueueTarget;
  campaign: string;
  log: (line: string) => void;
  /** How often a waited-for job is looked at (default 100 ms). */
  pollMs?: number;
  env?: Readonly<Record<string, string | undefined>>;
}): Promise<QueueClient> {
  const connection = connectionOptions(options.target, options.env);
  const redis = await connectQueue(options.target, options.env);
  const queue = new Queue(ROLLOUT_QUEUE, { connection });
  queue.on('error', () => {});
  const { campaign } = options;
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
    store: contentStore(redis),
    async reattach(booking) {
      const job = await patiently(() => Job.fromId(queue, rolloutJobId(campaign, booking)));
      if (job !== undefined && job !== null) return 'queued';
      return (await patiently(() => redis.exists(readKey(campaign, booking)))) === 1 ? null : 'unsent';
    },
    async submit(name, booking, data, what, { ok, signal }) {
      const id = rolloutJobId(campaign, booking);
      const add = () =>
        queue.add(name, data, { jobId: id, attempts: 1, removeOnComplete: false, removeOnFail: false });
      await patiently(add, signal);
      board.queued(id);
      for (;;) {
        if (signal?.aborted) {
          // A job no worker took yet is taken back; a running one finishes and waits for the resume.
          const job = await Job.fromId(queue, id).catch(() => undefined);
          if (job !== undefined && (await job.getState().catch(() => 'unknown')) === 'waiting')
            await job.remove().catch(() => {});
          board.forget(id);
          return { state: 'aborted' };
        }
        // The state first, then the job: a job is named for its worker as it turns active, so a job
        // read after its state said active names the worker (read the other way round, a job read
        // while waiting and then seen active showed no worker).
        const state = await queue.getJobState(id).catch(() => null);
        if (state === 'unknown') {
          options.log(`${what}: Redis no longer holds its job (restarted without its data?): enqueued again`);
          await patiently(add, signal);
        }
        const job =
          state === null || state === 'unknown' ? null : await Job.fromId(queue, id).catch(() => null);
        if (job && state !== null) {
          const worker = job.processedBy ?? null;
          if (board.seen(id, state, worker)) quietSince = Date.now();
          if (state === 'completed' || state === 'failed') {
            board.finished(id, worker, state === 'completed' && ok(job.returnvalue));
            return state === 'completed'
              ? { state, value: job.returnvalue, worker }
              : { state, reason: job.failedReason, worker };
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
    async done(booking) {
      // Recorded: marked read first, then the job goes, so a resume never takes it for one never sent.
      await patiently(() => redis.set(readKey(campaign, booking), '1', 'EX', READ_TTL_SECONDS));
      const job = await Job.fromId(queue, rolloutJobId(campaign, booking)).catch(() => undefined);
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
