import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { selfCommand } from '../../src/cli/self-command.js';

export const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/**
 * Runs `agent-track ARGS` as a real child process, as the code under test starts its own
 * (`selfCommand`: this source's built twin, else through tsx); never throws on a non-zero exit.
 */
export async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const run = await cliIn(args, { cwd: ROOT });
  return { ...run, code: run.code ?? -1 };
}

/**
 * `cli` in a directory and environment of the caller's, killed at `timeoutMs` (then `code` is
 * `null`): what the attack suite runs each hostile case with.
 */
export async function cliIn(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const [node, ...argv] = selfCommand(...args);
  try {
    const { stdout, stderr } = await run(node!, argv, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      timeout: options.timeoutMs ?? 0,
      killSignal: 'SIGKILL',
      maxBuffer: 64 * 1024 * 1024,
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number | string; killed?: boolean };
    return {
      stdout: failed.stdout,
      stderr: failed.stderr,
      code: failed.killed === true || typeof failed.code !== 'number' ? null : failed.code,
    };
  }
}
