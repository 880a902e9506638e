import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { connectionOptions, type QueueTarget } from '../../../core/index.js';
import { runAgentJob } from '../../track/agent-job-run.js';
import { AGENT_JOB, type AgentJob, type AgentResult, agentJobSchema } from '../../track/track-job.js';
import { openArmRunners } from '../arms/arm-runner.js';
import { connectQueue } from './connect-queue.js';
import { contentStore } from './content-store.js';
import { runHarnessJob } from './harness-job.js';
import { jobInputs } from './job-inputs.js';
import { ROLLOUT_QUEUE, type RolloutJob, type RolloutResult, rolloutJobSchema } from './job-schema.js';
import { workerArms } from './worker-arms.js';

export interface WorkerOptions {
  target: QueueTarget;
  /** The product repository; `null`: the job's own, when this machine has it (a worker beside the orchestrator). */
  repo: string | null;
  /** Jobs run at once (default 1). */
  concurrency?: number;
  cacheDir: string;
  reposDir: string;
  /** Worktrees and each job's scratch directory. */
  workDir: string;
  /** Installs reused by lockfile hash; `null` never reuses. */
  installCache: string | null;
  /** The harness of a product whose manifest names none: this agent-track's. */
  harness: readonly string[];
  /** This agent-track's checkout (its install serves a product with the same lockfile). */
  ownRoot: string;
  /** This worker's name on the queue (default `<host>-<pid>`). */
  name?: string;
  /** A block this worker insists on: a job naming another one is refused. */
  llmBlock?: string | null;
  /** How long a job's lock holds without renewal: a killed worker's job runs elsewhere after it (default 30 s). */
  lockMs?: number;
  log: (line: string) => void;
  signal?: AbortSignal;
  env?: Record<string, string | undefined>;
}

/**
 * A worker for campaigns on a queue: takes rollout jobs from Redis, prepares each commit's worktree
 * once (set up, cached by lockfile), fetches the job's LLM block, serving config and corpus by
 * content hash, runs the rollout on the arm's harness runner (one per arm place, kept across jobs), and sends back its ledger lines, trajectory
 * files and blobs. A job it cannot run as sent (another block, a commit its repository lacks, a key
 * its environment lacks) is refused with the reason. Keys come from this worker's environment and
 * never travel. Runs until the signal aborts, then finishes the jobs it holds.
 *
 * @example
 * await runWorker({ target: parseQueueUrl('redis://10.0.0.5:6379/0'), repo: '/src/product', cacheDir, reposDir, workDir, installCache, harness, ownRoot, log: console.error, signal });
 */
export async function runWorker(options: WorkerOptions): Promise<{ done: number; refused: number }> {
  // Loaded when a worker starts: nothing else in agent-track pays for the queue's modules.
  const { UnrecoverableError, Worker } = await import('bullmq');
  const name = options.name ?? `${hostname()}-${process.pid}`;
  const connection = connectionOptions(options.target, options.env);
  const redis = await connectQueue(options.target, options.env);
  const store = contentStore(redis);
  const arms = workerArms({
    worktreesDir: join(options.workDir, 'worktrees'),
    installCache: options.installCache,
    harness: options.harness,
    ownRoot: options.ownRoot,
    id: createHash('sha256').update(`${name}\0${options.workDir}`).digest('hex').slice(0, 8),
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  const pinned = options.llmBlock
    ? createHash('sha256').update(readFileSync(options.llmBlock)).digest('hex')
    : null;
  const inputs = jobInputs({
    store,
    workDir: options.workDir,
    cacheDir: options.cacheDir,
    pinnedBlock: pinned,
    env: options.env ?? {},
  });
  const tally = { done: 0, refused: 0 };
  // One runner per arm place (and job environment), kept across the jobs this worker takes.
  const runners = openArmRunners();
  const places = { cacheDir: options.cacheDir, reposDir: options.reposDir };
  const lockMs = options.lockMs ?? 30_000;
  const worker = new Worker(
    ROLLOUT_QUEUE,
    async (job): Promise<RolloutResult | AgentResult> => {
      const agentJob = job.name === AGENT_JOB;
      const parsed = (agentJob ? agentJobSchema : rolloutJobSchema).safeParse(job.data);
      if (!parsed.success) {
        tally.refused++;
        throw new UnrecoverableError(
          `${name}: not a rollout job this worker can read (${parsed.error.issues[0]?.message})`,
        );
      }
      const data = parsed.data;
      const label = `${data.arm} ${data.task.id} (attempt ${data.attempt})`;
      const scratch = join(
        options.workDir,
        'jobs',
        createHash('sha256')
          .update(job.id ?? '')
          .digest('hex')
          .slice(0, 16),
      );
      try {
        const place = await arms.place(data.product, options.repo);
        rmSync(scratch, { recursive: true, force: true });
        mkdirSync(scratch, { recursive: true });
        const at = data.product.kind === 'commit' ? data.product.commit.slice(0, 10) : 'embedded';
        options.log(`${label}: started (${at})`);
        const context = {
          worker: name,
          place,
          inputs,
          store,
          scratch,
          ...places,
          env: options.env ?? {},
          runners,
        };
        let result: RolloutResult | AgentResult;
        let failure: string | null;
        if (agentJob) {
          const ran = await runAgentJob(data as AgentJob, context);
          result = ran;
          failure = ran.line.exception?.type ?? null;
        } else {
          const ran = await runHarnessJob(data as RolloutJob, context);
          result = ran;
          failure = ran.exception?.type ?? null;
        }
        tally.done++;
        options.log(`${label}: ${failure === null ? 'finished' : `failed: ${failure}`}`);
        return result;
      } catch (error) {
        // Whatever kept the job from running here (a refusal, a setup that failed) goes back as its reason.
        tally.refused++;
        const message = error instanceof Error ? error.message : String(error);
        options.log(`${label}: refused: ${message}`);
        throw new UnrecoverableError(`${name} refused ${label}: ${message}`);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    {
      connection,
      name,
      concurrency: Math.max(1, options.concurrency ?? 1),
      lockDuration: lockMs,
      stalledInterval: lockMs,
      // A job whose worker died runs again elsewhere (each worker kill stalls it once).
      maxStalledCount: 10,
    },
  );
  worker.on('error', () => {});
  options.log(
    `worker ${name}: taking jobs from ${options.target.url} (concurrency ${options.concurrency ?? 1})`,
  );
  await new Promise<void>((resolve) => {
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  options.log(`worker ${name}: stopping after the jobs it holds`);
  await worker.close();
  await runners.close();
  await inputs.close();
  await arms.release();
  redis.disconnect();
  return tally;
}
