import { createInterface } from 'node:readline';
import { openRunnerState, type RunnerState } from '../harness/runner-state.js';
import { RUNNER_PROTOCOL, type RunnerDone, runnerRequestSchema } from './runner-protocol.js';

/** One rollout as a `<harness> run` with these arguments would end: its exit code and stderr. */
export type RunOne = (
  args: readonly string[],
  state: RunnerState,
) => Promise<{ exitCode: number; stderr: string }>;

export interface ServeRunnerOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  runOne: RunOne;
}

/**
 * Serves the runner protocol (`runner-protocol.ts`): says `ready`, runs each `run` request as it
 * arrives (concurrently: the orchestrator decides how many are in flight), answers each with its
 * `done`, and returns once its input ended and the last request is answered. The servers of
 * products whose isolation is `corpus` are one pool across requests (reused by server spec, each
 * serving `ROLLOUTS_PER_SERVER` rollouts at once), stopped at the end; a server is probed once
 * per runner, not once per rollout. A line that is not a
 * request ends the runner with an error naming it: the orchestrator and the runner disagree.
 *
 * @example
 * await serveRunner({ input: process.stdin, output: process.stdout, runOne });
 */
export async function serveRunner(options: ServeRunnerOptions): Promise<void> {
  const write = (line: object) => options.output.write(`${JSON.stringify(line)}\n`);
  write({ type: 'ready', protocol: RUNNER_PROTOCOL, pid: process.pid });
  const running = new Set<Promise<void>>();
  const state = openRunnerState();
  const { servers } = state;
  const lines = createInterface({ input: options.input, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  for await (const text of lines) {
    number += 1;
    if (text.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = runnerRequestSchema.safeParse(json);
    if (!parsed.success) {
      await Promise.all(running);
      await servers.close();
      throw new Error(`runner: line ${number} of its input is not a run request: ${text.slice(0, 200)}`);
    }
    const { id, args } = parsed.data;
    const job = options
      .runOne(args, state)
      // runOne answers for the rollout's own failures; anything it throws is a bug, kept with its stack.
      .catch((error: unknown) => ({
        exitCode: 1,
        stderr: `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      }))
      .then(({ exitCode, stderr }): RunnerDone => ({ type: 'done', id, exit_code: exitCode, stderr }))
      .then((done) => {
        write(done);
      })
      .finally(() => running.delete(job));
    running.add(job);
  }
  await Promise.all(running);
  await servers.close();
}
