// The attack suite's one way to run a property: seeded (HOSTILE_SEED, else a fixed seed, so CI is
// deterministic and a failure reproduces), a bounded number of cases, a time budget per case, and
// the seed to rerun with printed in the failure. Each property states the contract every hostile
// case must meet: a refusal (AgentTrackError, exit 2) naming the input, no stack trace, nothing
// written where it should not be.
import fc from 'fast-check';
import { AgentTrackError } from '../../src/core/index.js';

export const SEED = process.env.HOSTILE_SEED === undefined ? 20261205 : Number(process.env.HOSTILE_SEED);

/**
 * Checks `check` on `runs` cases drawn from `arbitrary`; a case over `budgetMs` fails. On failure
 * the error says the seed (`HOSTILE_SEED=...`), fast-check's path and the smallest case it found.
 */
export async function hostile<T>(
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void> | void,
  options: { runs: number; budgetMs: number; shrink?: boolean },
): Promise<void> {
  const property = fc.asyncProperty(arbitrary, async (value) => {
    const started = performance.now();
    await check(value);
    // A synchronous parse cannot be interrupted: its time is checked after it returns.
    const took = performance.now() - started;
    if (took > options.budgetMs)
      throw new Error(`took ${Math.round(took)} ms, over its budget of ${options.budgetMs} ms`);
  });
  try {
    await fc.assert(property, {
      seed: SEED,
      numRuns: options.runs,
      timeout: options.budgetMs,
      endOnFailure: options.shrink === false,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
    throw new Error(`hostile case failed (rerun with HOSTILE_SEED=${SEED}):\n${message}${cause}`);
  }
}

/** The refusal contract for a library call: an AgentTrackError whose message names `input`. */
export function refusalProblem(error: unknown, input: string): string | null {
  if (!(error instanceof AgentTrackError))
    return `not a refusal: ${error instanceof Error ? `${error.name}: ${error.message.slice(0, 300)}` : String(error)}`;
  if (!error.message.includes(input))
    return `the refusal does not name \`${input}\`: ${error.message.slice(0, 300)}`;
  return null;
}

/**
 * The CLI's refusal contract: exit 2, stderr exactly one `agent-track: ...` line naming `input`,
 * no stack trace. `null` when it holds, else what broke it.
 */
export function cliRefusalProblem(
  run: { code: number | null; stderr: string },
  input: string,
): string | null {
  if (run.code === null) return 'still running at its time budget (killed)';
  if (run.code !== 2) return `exit ${run.code}, not 2: ${run.stderr.slice(0, 300)}`;
  const lines = run.stderr.split('\n').filter((line) => line !== '');
  if (lines.length !== 1 || !lines[0]!.startsWith('agent-track: '))
    return `stderr is not one \`agent-track:\` line: ${run.stderr.slice(0, 400)}`;
  if (/^\s+at /m.test(run.stderr)) return `a stack trace: ${run.stderr.slice(0, 400)}`;
  if (!lines[0]!.includes(input)) return `the refusal does not name \`${input}\`: ${lines[0]}`;
  return null;
}
