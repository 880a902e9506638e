import { z } from 'zod';
import { AGENT_NAMES } from '../../agent/index.js';
import { taskSchema } from '../../retrieval/index.js';
import { TRANSCRIPT_FORMATS } from '../../trajectory/index.js';
import { JOB_VERSION, jobProductSchema } from '../campaign/remote/job-schema.js';
import { rolloutLineSchema, trackArmSchema } from './track-schema.js';

/** The BullMQ job name of a track's rollout (a before-after's and an optimizer's are `rollout`). */
export const AGENT_JOB = 'agent-rollout';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');

/**
 * One rollout of a track as a job: the external agent by name (its executable or command line, on
 * the worker's PATH or at the same path), the product, the task and its corpus, the arm, and the
 * names of the variables holding keys (the values stay in each worker's environment).
 */
export const agentJobSchema = z
  .object({
    v: z.literal(JOB_VERSION),
    campaign: z.string().min(1),
    campaign_dir: z.string(),
    agent: z
      .object({
        name: z.enum(AGENT_NAMES),
        bin: z.string().nullable(),
        command: z.string().nullable(),
        transcript: z.enum(TRANSCRIPT_FORMATS).nullable(),
      })
      .strict(),
    product: jobProductSchema,
    /** The serving config's bytes by sha256, `null` for the package default. */
    config: sha256.nullable(),
    task: taskSchema,
    corpus: z.object({ hash: z.string().min(1), pack: sha256 }).nullable(),
    arm: trackArmSchema,
    attempt: z.number().int().positive(),
    booking: z.string().min(1),
    booked_usd: z.number().min(0),
    model: z.string().nullable(),
    max_turns: z.number().int().positive().nullable(),
    cap_usd: z.number().min(0).nullable(),
    timeout_ms: z.number().int().positive(),
    kill_grace_ms: z.number().int().positive().nullable(),
    /** The variables whose values are cut from every file the rollout writes. */
    key_env: z.array(z.string().min(1)),
  })
  .strict();

/** What a worker sends back: the ledger line and the rollout's files (blobs by sha256). */
export const agentResultSchema = z
  .object({
    worker: z.string(),
    line: rolloutLineSchema,
    /** The transcript and the trajectory's files, relative to the track directory, base64. */
    files: z.array(z.object({ path: z.string().min(1), data: z.string() })),
    /** The blobs the import stored, where under the track directory, by sha256. */
    blobs: z.array(z.object({ path: z.string().min(1), sha: sha256 })),
  })
  .strict();

export type AgentJob = z.infer<typeof agentJobSchema>;
export type AgentResult = z.infer<typeof agentResultSchema>;
