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
  const [node, ...argv] = selfCommand(...args);
  try {
    const { stdout, stderr } = await run(node, argv, { cwd: ROOT });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}
