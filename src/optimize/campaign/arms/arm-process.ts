import { execa } from 'execa';
import type { RecordedError } from '../../../core/index.js';
import { redact, tail } from '../../../core/index.js';
import { armPath } from './product-location.js';

export interface ArmProcessOptions {
  worktree: string;
  /** The full command: the arm's own harness entry and its arguments. */
  argv: readonly string[];
  /** Variables set over the inherited environment (`PATH` is always the arm's). */
  env?: Record<string, string | undefined>;
  /** Wall-clock ceiling; the child is killed past it. `null`: none. */
  timeoutMs?: number | null;
  signal?: AbortSignal;
  /** How much of stderr is kept (characters), default 4000. */
  stderrTail?: number;
  /** Values (API keys) never kept in the tail. */
  secrets?: readonly string[];
  /** Grace between SIGTERM and SIGKILL, default 2000 ms. */
  killGraceMs?: number;
}

export interface ArmProcessResult {
  ok: boolean;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  stderrTail: string;
  durationMs: number;
  /** Why it failed, `null` when it exited 0. */
  exception: RecordedError | null;
}

const ERROR_LINE = /^\s*(?:Uncaught )?([A-Za-z_$][\w$.]*(?:Error|Exception))(?: \[[^\]]+\])?: (.*)$/;

/**
 * Names a failed child's exception from its stderr: the CLI's one-line `agent-track: ...` error,
 * else the last `SomeError: message` line (Node and Python both print one), else the exit code.
 *
 * @example
 * exceptionFromStderr('TypeError: x is not a function\n    at y (file.js:1:1)', 1);
 * // { type: 'TypeError', message: 'x is not a function' }
 */
export function exceptionFromStderr(stderr: string, exitCode: number | null): RecordedError {
  const lines = stderr.split('\n').map((line) => line.trimEnd());
  const cli = lines.findLast((line) => line.startsWith('agent-track: '));
  if (cli !== undefined) return { type: 'AgentTrackError', message: cli.slice('agent-track: '.length) };
  for (let index = lines.length - 1; index >= 0; index--) {
    const match = ERROR_LINE.exec(lines[index]!);
    if (match !== null) return { type: match[1]!, message: match[2]! };
  }
  const last = lines.findLast((line) => line.trim() !== '');
  return {
    type: 'HarnessExit',
    message: `exit code ${exitCode}${last === undefined ? '' : `: ${last.trim()}`}`,
  };
}

/**
 * Runs an arm's harness as a child process: cwd the worktree, the worktree first on `PATH`, stdout
 * discarded, a redacted stderr tail kept; past its timeout or on abort it gets SIGTERM, then SIGKILL
 * after a grace. It stays in the campaign's process group, so killing the campaign's group ends it
 * too. Never throws for the child's failure: the result says why.
 *
 * @example
 * const result = await runArmProcess({ worktree, argv: ['node', 'dist/cli/bin.js', 'harness', 'run', ...], timeoutMs: 600_000 });
 * if (!result.ok) console.log(result.exception?.type, result.exception?.message);
 */
export async function runArmProcess(options: ArmProcessOptions): Promise<ArmProcessResult> {
  const started = Date.now();
  const keep = options.stderrTail ?? 4000;
  const secrets = options.secrets ?? [];
  const grace = options.killGraceMs ?? 2000;
  const env = { ...options.env, PATH: armPath(options.worktree, options.env?.PATH ?? process.env.PATH) };
  const [program, ...args] = options.argv;
  const child = execa(program!, args, {
    cwd: options.worktree,
    env,
    extendEnv: true,
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
    buffer: false,
    reject: false,
    cleanup: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-keep * 2);
  });
  let timedOut = false;
  let aborted = false;
  const timers: NodeJS.Timeout[] = [];
  const stop = () => {
    child.kill('SIGTERM');
    timers.push(setTimeout(() => child.kill('SIGKILL'), grace));
  };
  if (options.timeoutMs !== null && options.timeoutMs !== undefined) {
    timers.push(
      setTimeout(() => {
        timedOut = true;
        stop();
      }, options.timeoutMs),
    );
  }
  const onAbort = () => {
    aborted = true;
    stop();
  };
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const result = await child;
  options.signal?.removeEventListener('abort', onAbort);
  for (const timer of timers) clearTimeout(timer);

  return armProcessResult({
    stderrTail: redact(tail(stderr, keep), secrets),
    exitCode: typeof result.exitCode === 'number' ? result.exitCode : null,
    signal: result.signal ?? null,
    timedOut,
    aborted,
    timeoutMs: options.timeoutMs ?? null,
    spawnFailure: redact(result.shortMessage ?? String(result.message), secrets),
    durationMs: Date.now() - started,
  });
}

/** How a rollout's harness ended, as `armProcessResult` reads it (a child's, or a runner's answer). */
export interface HarnessEnding {
  /** Redacted already. */
  stderrTail: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  timeoutMs: number | null;
  /** Why it could not start (redacted), read when it has neither an exit code nor a signal. */
  spawnFailure: string;
  durationMs: number;
}

/**
 * The result of a rollout's harness from how it ended: a timeout, an abort, a failed start, a kill
 * by signal, or a non-zero exit named from its stderr (`exceptionFromStderr`); `null` when it exited 0.
 *
 * @example
 * armProcessResult({ stderrTail: '', exitCode: 0, signal: null, timedOut: false, aborted: false, timeoutMs: null, spawnFailure: '', durationMs: 812 }).ok; // true
 */
export function armProcessResult(ending: HarnessEnding): ArmProcessResult {
  const { stderrTail, exitCode, signal, timedOut, aborted } = ending;
  const lastLine = stderrTail
    .split('\n')
    .findLast((line) => line.trim() !== '')
    ?.trim();
  let exception: RecordedError | null = null;
  if (timedOut) {
    exception = {
      type: 'RolloutTimeout',
      message: `killed after ${ending.timeoutMs} ms${lastLine === undefined ? '' : `; stderr: ${lastLine}`}`,
    };
  } else if (aborted) {
    exception = { type: 'Aborted', message: 'the campaign was stopped while the rollout ran' };
  } else if (exitCode === null && signal === null) {
    exception = { type: 'HarnessSpawnFailed', message: ending.spawnFailure };
  } else if (signal !== null) {
    exception = {
      type: 'HarnessKilled',
      message: `killed by ${signal}${lastLine === undefined ? '' : `; stderr: ${lastLine}`}`,
    };
  } else if (exitCode !== 0) {
    exception = exceptionFromStderr(stderrTail, exitCode);
  }
  return {
    ok: exception === null,
    exitCode,
    signal,
    timedOut,
    aborted,
    stderrTail,
    durationMs: ending.durationMs,
    exception,
  };
}
