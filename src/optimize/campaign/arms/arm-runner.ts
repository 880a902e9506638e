import { createInterface } from 'node:readline';
import { execa, type ResultPromise } from 'execa';
import { runnerLineSchema } from '../../../agent/index.js';
import { redact, tail } from '../../../core/index.js';
import {
  type ArmProcessOptions,
  type ArmProcessResult,
  armProcessResult,
  runArmProcess,
} from './arm-process.js';
import { armPath } from './product-location.js';

/** A rollout for a runner: an arm process's options and the harness its argv starts with. */
export interface RunnerRollout extends ArmProcessOptions {
  /** The harness command (`node dist/cli/bin.js harness`): `argv` is it, then `run` and the rollout's arguments. */
  harness: readonly string[];
}

export interface ArmRunners {
  /** Runs one rollout on its arm's runner (started on first use), or as a child when the harness has none. */
  run(rollout: RunnerRollout): Promise<ArmProcessResult>;
  /** Ends every runner once its rollouts are done. */
  close(): Promise<void>;
}

export interface ArmRunnersOptions {
  /** A runner with nothing to run for this long ends (default 30 s); the next rollout starts another. */
  idleMs?: number;
  /** How long a runner may take to say `ready` before its harness is taken to have none (default 60 s). */
  readyMs?: number;
  /** Grace between SIGTERM and SIGKILL, default 2000 ms. */
  killGraceMs?: number;
}

/** How a rollout on a runner ended: its answer, or the runner's own end. */
interface Ending {
  exitCode: number | null;
  signal: string | null;
  stderr: string;
}

interface Pending {
  finish: (ending: Ending) => void;
  timedOut: boolean;
  aborted: boolean;
}

interface Runner {
  child: ResultPromise;
  /**
   * Once it said `ready`: `ready`; `none` when it exited with a code first (no runner in this
   * harness) or was too slow to say it; `killed` when a signal ended it first.
   */
  ready: Promise<'ready' | 'none' | 'killed'>;
  pending: Map<number, Pending>;
  stderr: string;
  exited: boolean;
  idle: NodeJS.Timeout | null;
}

const KEEP = 4000;

/**
 * One long-lived harness runner (`<harness> runner`, the line protocol of `serveRunner`) per arm
 * worktree, harness and environment, running that arm's rollouts concurrently in one process: no
 * process start, module load or server start per rollout. A rollout's files, ledger line and result
 * are what a `<harness> run` child would have made. A harness that does not speak the protocol (an
 * older agent-track, another tool's) runs each rollout as a child (`runArmProcess`), as before.
 * A runner that dies fails the rollouts in flight on it (each retried as any failure is); a
 * rollout that times out or is aborted stops its runner, since one process cannot kill one rollout.
 *
 * @example
 * const runners = openArmRunners();
 * const result = await runners.run({ worktree, harness, argv: [...harness, 'run', ...args], env, timeoutMs: null });
 * await runners.close();
 */
export function openArmRunners(options: ArmRunnersOptions = {}): ArmRunners {
  const idleMs = options.idleMs ?? 30_000;
  const readyMs = options.readyMs ?? 60_000;
  const grace = options.killGraceMs ?? 2000;
  const runners = new Map<string, Runner>();
  const withoutRunner = new Set<string>();
  let nextId = 0;

  const stop = (runner: Runner) => {
    if (runner.exited) return;
    runner.child.kill('SIGTERM');
    setTimeout(() => runner.child.kill('SIGKILL'), grace).unref();
  };

  const start = (key: string, rollout: RunnerRollout): Runner => {
    const [program, ...args] = rollout.harness;
    const child = execa(program!, [...args, 'runner'], {
      cwd: rollout.worktree,
      env: { ...rollout.env, PATH: armPath(rollout.worktree, rollout.env?.PATH ?? process.env.PATH) },
      extendEnv: true,
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
      buffer: false,
      reject: false,
      cleanup: true,
    });
    let said: (state: 'ready' | 'none' | 'killed') => void = () => {};
    let tooSlow = false;
    const runner: Runner = {
      child,
      ready: new Promise((resolve) => {
        said = resolve;
      }),
      pending: new Map(),
      stderr: '',
      exited: false,
      idle: null,
    };
    const slow = setTimeout(() => {
      tooSlow = true;
      said('none');
      stop(runner);
    }, readyMs);
    child.stdin?.on('error', () => {});
    child.stderr?.on('data', (chunk: Buffer) => {
      runner.stderr = (runner.stderr + chunk.toString('utf8')).slice(-KEEP * 2);
    });
    const lines = createInterface({ input: child.stdout!, crlfDelay: Number.POSITIVE_INFINITY });
    lines.on('line', (text) => {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const parsed = runnerLineSchema.safeParse(json);
      // Anything else on stdout (a library printing) is noise, kept with its stderr.
      if (!parsed.success) {
        runner.stderr = `${runner.stderr}${text}\n`.slice(-KEEP * 2);
        return;
      }
      const line = parsed.data;
      if (line.type === 'ready') {
        clearTimeout(slow);
        said('ready');
        return;
      }
      const pending = runner.pending.get(line.id);
      pending?.finish({ exitCode: line.exit_code, signal: null, stderr: line.stderr });
    });
    void child.then((result) => {
      clearTimeout(slow);
      runner.exited = true;
      if (runners.get(key) === runner) runners.delete(key);
      said(result.signal && !tooSlow ? 'killed' : 'none');
      // What was in flight dies with it: each fails as a killed child's would, naming why.
      const exitCode = typeof result.exitCode === 'number' ? result.exitCode : null;
      for (const pending of runner.pending.values()) {
        pending.finish({
          exitCode: exitCode === 0 ? 1 : exitCode,
          signal: result.signal ?? null,
          stderr: `${runner.stderr}\nthe arm's runner ended while the rollout ran\n`,
        });
      }
    });
    return runner;
  };

  const onRunner = async (runner: Runner, key: string, rollout: RunnerRollout): Promise<ArmProcessResult> => {
    const id = nextId++;
    const secrets = rollout.secrets ?? [];
    const started = Date.now();
    if (runner.idle !== null) clearTimeout(runner.idle);
    runner.idle = null;
    const pending: Pending = { finish: () => {}, timedOut: false, aborted: false };
    const ending = await new Promise<Ending>((resolve) => {
      const timer =
        rollout.timeoutMs === null || rollout.timeoutMs === undefined
          ? null
          : setTimeout(() => {
              pending.timedOut = true;
              stop(runner);
            }, rollout.timeoutMs);
      const onAbort = () => {
        pending.aborted = true;
        stop(runner);
      };
      pending.finish = (value) => {
        if (timer !== null) clearTimeout(timer);
        rollout.signal?.removeEventListener('abort', onAbort);
        runner.pending.delete(id);
        resolve(value);
      };
      runner.pending.set(id, pending);
      if (rollout.signal?.aborted) onAbort();
      else rollout.signal?.addEventListener('abort', onAbort, { once: true });
      const args = rollout.argv.slice(rollout.harness.length + 1);
      runner.child.stdin?.write(`${JSON.stringify({ type: 'run', id, args })}\n`);
    });
    // Idle once its last rollout is answered: it ends after `idleMs` unless another comes.
    if (runner.pending.size === 0 && !runner.exited && runners.get(key) === runner) {
      runner.idle = setTimeout(() => {
        if (runner.pending.size === 0 && runners.get(key) === runner) {
          runners.delete(key);
          runner.child.stdin?.end();
        }
      }, idleMs);
      runner.idle.unref();
    }
    return armProcessResult({
      stderrTail: redact(tail(ending.stderr, rollout.stderrTail ?? KEEP), secrets),
      exitCode: ending.exitCode,
      signal: ending.signal,
      timedOut: pending.timedOut,
      aborted: pending.aborted,
      timeoutMs: rollout.timeoutMs ?? null,
      spawnFailure: '',
      durationMs: Date.now() - started,
    });
  };

  return {
    run: async (rollout) => {
      const isRun = rollout.argv[rollout.harness.length] === 'run';
      const key = JSON.stringify([rollout.worktree, rollout.harness, rollout.env ?? {}]);
      if (!isRun || withoutRunner.has(key)) return runArmProcess(rollout);
      let runner = runners.get(key);
      if (runner === undefined) {
        runner = start(key, rollout);
        runners.set(key, runner);
      }
      const state = await runner.ready;
      if (state === 'none') {
        // No runner here (an older harness, another tool's): each rollout is a child, as before.
        if (runners.get(key) === runner) runners.delete(key);
        withoutRunner.add(key);
        return runArmProcess(rollout);
      }
      if (state === 'killed') {
        // Killed before it could run anything: the rollout fails as a killed child's would.
        return armProcessResult({
          stderrTail: redact(tail(runner.stderr, rollout.stderrTail ?? KEEP), rollout.secrets ?? []),
          exitCode: null,
          signal: runner.child.signalCode ?? 'SIGKILL',
          timedOut: false,
          aborted: rollout.signal?.aborted === true,
          timeoutMs: rollout.timeoutMs ?? null,
          spawnFailure: '',
          durationMs: 0,
        });
      }
      return onRunner(runner, key, rollout);
    },
    close: async () => {
      const all = [...runners.values()];
      runners.clear();
      for (const runner of all) {
        if (runner.idle !== null) clearTimeout(runner.idle);
        runner.child.stdin?.end();
      }
      await Promise.all(all.map((runner) => runner.child));
    },
  };
}
