import { z } from 'zod';
import { ARCHITECTURES, recordedErrorSchema } from '../../../agent/index.js';
import { taskSchema } from '../../../retrieval/index.js';
import { armNameSchema } from '../schema.js';

/** The BullMQ queue every campaign's rollouts go to (one Redis database may hold many campaigns). */
export const ROLLOUT_QUEUE = 'agent-track-rollouts';

/** The exception of a job a worker refused (its product, block or corpus did not match the job's). */
export const WORKER_REFUSED = 'WorkerRefused';

/** The job format's version: a worker refuses a job of another one by name. */
export const JOB_VERSION = 2;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');
const gitSha = z.string().regex(/^[0-9a-f]{40}$/);

/**
 * What the rollout runs against: a commit of a product repository (a before-after arm; a product
 * optimized on a queue, at its HEAD), or the embedded reference product of the worker's own
 * agent-track, which must be the orchestrator's version.
 */
export const jobProductSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('commit'),
      /** The orchestrator's product repository: used by a worker on the same machine started without `--repo`. */
      repo: z.string(),
      commit: gitSha,
      /** The commit's tree: the worker's checkout must hold the same files. */
      tree: gitSha,
    })
    .strict(),
  z.object({ kind: z.literal('embedded'), version: z.string().min(1) }).strict(),
]);

/**
 * One rollout as a job: everything a worker needs travels with it or is named by content hash
 * (the LLM block, the serving config, a directory corpus), never a key or a path it must share.
 */
export const rolloutJobSchema = z
  .object({
    v: z.literal(JOB_VERSION),
    /** The campaign's key (its directory and plan): job ids and stored results are under it. */
    campaign: z.string().min(1),
    /** The orchestrator's campaign directory, for messages. */
    campaign_dir: z.string(),
    /** The arm (a before-after's) or the candidate (an optimizer's, its hash's first 16): for messages. */
    arm: armNameSchema,
    product: jobProductSchema,
    task: taskSchema,
    /** A directory corpus, sent as a pack under its content hash (the worker unpacks it). */
    corpus: z.object({ hash: z.string().min(1), pack: sha256 }).nullable(),
    attempt: z.number().int().positive(),
    /** The spend ledger key the orchestrator booked the attempt under. */
    booking: z.string().min(1),
    model: z.string().min(1),
    /** The LLM block's bytes, by sha256 (it names its key's variable, never the key). */
    block: sha256,
    /** The serving config's bytes by sha256, `null` for each arm's own default. */
    config: sha256.nullable(),
    turn_budget: z.number().int().positive(),
    workspace: z.string().nullable(),
    /** An optimizer candidate's tool-docs file and system prompt by sha256, and its agent graph. */
    tool_docs: sha256.nullable(),
    system_prompt: sha256.nullable(),
    architecture: z.enum(ARCHITECTURES).nullable(),
    /** The rollout's token cap (`<input>:<output>`), `null` for none. */
    token_cap: z.string().nullable(),
    /** The offline stand-in: the worker serves its own; `salt` draws per arm when it samples. */
    stand_in: z.object({ salt: z.string().nullable() }).nullable(),
    timeout_ms: z.number().int().positive().nullable(),
  })
  .strict();

/** What a worker sends back: the harness child's outcome and the rollout's files. */
export const rolloutResultSchema = z
  .object({
    worker: z.string(),
    exception: recordedErrorSchema.nullable(),
    exit_code: z.number().int().nullable(),
    signal: z.string().nullable(),
    timed_out: z.boolean(),
    duration_ms: z.number().nonnegative(),
    stderr_tail: z.string(),
    /** The harness ledger lines it wrote for the task, verbatim. */
    lines: z.array(z.string()),
    /** The trajectory directory's files, relative to it, base64. */
    files: z.array(z.object({ path: z.string().min(1), data: z.string() })),
    /** The blobs the rollout stored, by sha256 (their bytes are in the content store). */
    blobs: z.array(sha256),
  })
  .strict();

export type RolloutJob = z.infer<typeof rolloutJobSchema>;
export type JobProduct = z.infer<typeof jobProductSchema>;
export type RolloutResult = z.infer<typeof rolloutResultSchema>;

/**
 * A job's id: its campaign and the spend booking it runs under, so enqueueing it again (a resumed
 * orchestrator) is a no-op that finds the job already there, and no booking ever has two jobs.
 *
 * @example
 * rolloutJobId('3f2a9c', 'baseline/t1#2'); // '3f2a9c.baseline%2Ft1%232'
 */
export function rolloutJobId(campaign: string, booking: string): string {
  return `${campaign}.${encodeURIComponent(booking)}`;
}

/**
 * The Redis key that says a booking's job ran and its result was recorded (set before the job is
 * removed), so a resume tells such a booking from one whose job was never sent: no job and no
 * mark is a booking nothing ran under.
 */
export function readKey(campaign: string, booking: string): string {
  return `agent-track:read:${rolloutJobId(campaign, booking)}`;
}
