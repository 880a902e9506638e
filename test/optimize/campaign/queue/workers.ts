import { type ChildProcess, spawn } from 'node:child_process';
import { selfCommand } from '../../../../src/cli/self-command.js';

/** An `agent-track worker` process in its own process group (a kill takes its harness children too). */
export interface WorkerProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** `kill -9` of its whole process group: a machine lost mid-job. */
  kill(): void;
  /** SIGTERM: it finishes the jobs it holds, then exits. */
  stop(): Promise<number | null>;
  /** Whether it holds a job now (its log started one it has not ended). */
  busy(): boolean;
  readonly stderr: string;
}

/**
 * Starts `agent-track worker --queue URL --name NAME` with a short lock (a killed worker's job
 * runs elsewhere 2 s later) and the given cache.
 *
 * @example
 * const worker = startWorker(redis.url, 'w1', cacheDir, root);
 */
export function startWorker(
  url: string,
  name: string,
  cacheDir: string,
  cwd: string,
  extra: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): WorkerProcess {
  const [node, ...argv] = selfCommand(
    'worker',
    // A short lock, so a killed worker's job runs elsewhere within seconds; not so short that a
    // live worker on a loaded 2-core machine misses a renewal and loses the job it is running
    // (a fresh-clone run saw one rollout end not run with 2 s).
    ...['--queue', url, '--name', name, '--cache-dir', cacheDir, '--lock-seconds', '4'],
    ...extra,
  );
  const child = spawn(node, argv, { cwd, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return {
    name,
    child,
    exited,
    kill() {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0 && code !== null) throw new Error(`worker ${name} exited ${code}: ${stderr}`);
      return code;
    },
    busy() {
      const started = stderr.match(/: started \(/g)?.length ?? 0;
      const ended = stderr.match(/\): (finished|failed|refused)/g)?.length ?? 0;
      return started > ended;
    },
    get stderr() {
      return stderr;
    },
  };
}
