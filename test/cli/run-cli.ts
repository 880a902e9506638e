import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Runs `agent-track ARGS` from source as a real child process; never throws on a non-zero exit. */
export async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'src/cli/bin.ts'), ...args],
      {
        cwd: ROOT,
      },
    );
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}
