import { z } from 'zod';

/**
 * The line protocol of a long-lived harness runner (`<harness> runner`): one JSON object a line
 * each way. The runner says `ready` once; each `run` carries the arguments a `<harness> run`
 * child would have been started with, and gets one `done` with the exit code and stderr that
 * child would have had, so a rollout's files, ledger line and recorded outcome are the same
 * either way. Requests run concurrently; the end of stdin lets the running ones finish, then the
 * runner exits.
 */
export const RUNNER_PROTOCOL = 1;

export const runnerReadySchema = z
  .object({ type: z.literal('ready'), protocol: z.literal(RUNNER_PROTOCOL), pid: z.number().int() })
  .strict();

export const runnerRequestSchema = z
  .object({
    type: z.literal('run'),
    id: z.number().int().nonnegative(),
    /** What follows `run` on a `<harness> run` command line. */
    args: z.array(z.string()),
  })
  .strict();

export const runnerDoneSchema = z
  .object({
    type: z.literal('done'),
    id: z.number().int().nonnegative(),
    exit_code: z.number().int(),
    /** What the rollout wrote to stderr (its refusal line, or a bug's stack). */
    stderr: z.string(),
  })
  .strict();

export type RunnerReady = z.infer<typeof runnerReadySchema>;
export type RunnerRequest = z.infer<typeof runnerRequestSchema>;
export type RunnerDone = z.infer<typeof runnerDoneSchema>;

/** One line from the runner to its orchestrator: either message. */
export const runnerLineSchema = z.discriminatedUnion('type', [runnerReadySchema, runnerDoneSchema]);
