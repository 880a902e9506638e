import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PRODUCT_MANIFEST_FILE, type SelectAgentOptions } from '../../agent/index.js';
import { AgentTrackError, packageVersion, type QueueTarget } from '../../core/index.js';
import { DEFAULT_SERVING_CONFIG, loadServingConfig } from '../../product/index.js';
import type { Task } from '../../retrieval/index.js';
import { writeFileAtomic } from '../../trajectory/index.js';
import type { ContentStore } from '../campaign/remote/content-store.js';
import { corpusPacker, filesByHash } from '../campaign/remote/job-maker.js';
import { productAtHead } from '../campaign/remote/job-product.js';
import { JOB_VERSION, type JobProduct, WORKER_REFUSED } from '../campaign/remote/job-schema.js';
import type { RolloutContext, RolloutTarget } from './run-rollout.js';
import { AGENT_JOB, type AgentJob, type AgentResult, agentResultSchema } from './track-job.js';
import type { TrackRollouts } from './track-rollouts.js';
import type { RolloutLine } from './track-schema.js';

// A path a result names, inside the track directory or refused.
function inside(out: string, path: string): string {
  const target = resolve(out, path);
  if (!target.startsWith(`${resolve(out)}/`))
    throw new AgentTrackError('PATH_ESCAPE', `A rollout file escapes the track directory: \`${path}\``, {
      data: { path },
    });
  return target;
}

// The blobs first, then the trajectory directory whole (by rename), then the transcript: a kill
// leaves nothing the ledger names half-written (the ledger line is appended after this returns).
async function writeResult(out: string, result: AgentResult, store: ContentStore): Promise<void> {
  for (const blob of result.blobs) {
    const target = inside(out, blob.path);
    if (existsSync(target)) continue;
    const bytes = await store.get(blob.sha);
    if (bytes === null)
      throw new AgentTrackError('CONTENT_MISSING', `Redis no longer holds the blob \`${blob.sha}\``, {
        data: { sha: blob.sha },
      });
    mkdirSync(dirname(target), { recursive: true });
    writeFileAtomic(target, bytes);
  }
  const trajectory = result.line.trajectory === null ? null : inside(out, result.line.trajectory);
  const tmp = trajectory === null ? null : `${trajectory}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    for (const file of result.files) {
      const target = inside(out, file.path);
      const bytes = Buffer.from(file.data, 'base64');
      if (trajectory !== null && tmp !== null && target.startsWith(`${trajectory}/`)) {
        const staged = join(tmp, target.slice(trajectory.length + 1));
        mkdirSync(dirname(staged), { recursive: true });
        writeFileAtomic(staged, bytes);
      } else {
        mkdirSync(dirname(target), { recursive: true });
        writeFileAtomic(target, bytes);
      }
    }
    if (trajectory !== null && tmp !== null && existsSync(tmp)) {
      rmSync(trajectory, { recursive: true, force: true });
      mkdirSync(dirname(trajectory), { recursive: true });
      renameSync(tmp, trajectory);
    }
  } finally {
    if (tmp !== null) rmSync(tmp, { recursive: true, force: true });
  }
}

function binFor(bin: string | undefined): string | null {
  if (bin === undefined) return null;
  return bin.includes('/') ? resolve(bin) : bin;
}

/**
 * A track's rollouts as jobs on a queue: each (task, arm, attempt) one job under its booking, run
 * by a worker with the agent the job names and the product at the same version (the embedded one)
 * or commit (a product repository's clean HEAD); the task's corpus travels as a pack; the result's
 * transcript, trajectory and blobs are written into the track directory, and the ledger line
 * comes back for the track to record. Keys stay in the workers' environments (`key_env` names them).
 *
 * @example
 * const rollouts = await openTrackQueue({ target, out, agent: { name: 'claude-code', options: {} }, context, keyEnv, log });
 */
export async function openTrackQueue(options: {
  target: QueueTarget;
  out: string;
  agent: { name: 'claude-code' | 'command'; options: SelectAgentOptions };
  product?: string;
  config?: string;
  context: RolloutContext;
  keyEnv: readonly string[];
  log: (line: string) => void;
}): Promise<TrackRollouts> {
  const { campaignKey } = await import('../campaign/remote/queue-runner.js');
  const { openQueueClient } = await import('../campaign/remote/queue-client.js');
  const product: JobProduct =
    options.product === undefined
      ? { kind: 'embedded', version: packageVersion() }
      : {
          kind: 'commit',
          repo: resolve(options.product),
          ...(await productAtHead(
            options.product,
            join(options.product, PRODUCT_MANIFEST_FILE),
            '`track --queue`',
          )),
        };
  const agent = {
    name: options.agent.name,
    // A path is made absolute for workers beside this one; a bare name stays for the worker's PATH.
    bin: binFor(options.agent.options.bin),
    command: options.agent.options.command ?? null,
    transcript: options.agent.options.transcript ?? null,
  };
  const campaign = campaignKey(options.out, { track: true, agent, product });
  const client = await openQueueClient({ target: options.target, campaign, log: options.log });
  const { store } = client;
  const config = await filesByHash(store)(options.config ?? null);
  const corpusOf = corpusPacker(store, loadServingConfig(options.config ?? DEFAULT_SERVING_CONFIG).ingestion);
  const { context } = options;
  options.log(
    `Rollouts: jobs on ${client.label}; \`agent-track worker --queue ${options.target.url}\` runs them`,
  );
  return {
    label: client.label,
    remote: true,
    reattach: (booking) => client.reattach(booking),
    async run(target: RolloutTarget, task: Task, booking: string) {
      const job: AgentJob = {
        v: JOB_VERSION,
        campaign,
        campaign_dir: resolve(options.out),
        agent,
        product,
        config,
        task,
        corpus: await corpusOf(task),
        arm: target.arm,
        attempt: target.attempt,
        booking,
        booked_usd: target.bookedUsd,
        model: context.model,
        max_turns: context.maxTurns,
        cap_usd: context.capUsd,
        timeout_ms: context.timeoutMs,
        kill_grace_ms: context.killGraceMs ?? null,
        key_env: [...options.keyEnv],
      };
      const what = `${target.arm} ${task.id}`;
      const outcome = await client.submit(AGENT_JOB, booking, job, what, {
        ok: (value) => (value as { line?: { status?: string } } | null)?.line?.status === 'done',
      });
      const parsed = outcome.state === 'completed' ? agentResultSchema.safeParse(outcome.value) : null;
      if (parsed?.success) {
        await writeResult(options.out, parsed.data, store);
        return { line: parsed.data.line, refused: false };
      }
      const reason =
        outcome.state === 'failed'
          ? `${outcome.worker ?? 'a worker'}: ${outcome.reason}`
          : `its result is not a track rollout: ${parsed?.error.message ?? 'none'}`;
      const line: RolloutLine = {
        kind: 'rollout',
        task_id: task.id,
        arm: target.arm,
        status: 'failed',
        attempt: target.attempt,
        booked_usd: target.bookedUsd,
        exception: { type: WORKER_REFUSED, message: reason },
        transcript: join('transcripts', target.arm, `${encodeURIComponent(task.id)}.${target.attempt}.jsonl`),
        trajectory: null,
        answer: null,
        figures: null,
        warnings: [],
        finished_at: new Date().toISOString(),
      };
      return { line, refused: true };
    },
    done: (booking) => client.done(booking),
    jobs: () => client.jobs(),
    onChange: (redraw) => client.onChange(redraw),
    close: () => client.close(),
  };
}
