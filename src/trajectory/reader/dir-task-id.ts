import { basename } from 'node:path';

/**
 * The task id a trajectory directory is named for: its name decoded as the recorder encodes it
 * (`encodeURIComponent`), or the name as it is when it is not a valid encoding (`bad%zz`), so a
 * directory someone named by hand is read, never a crash.
 *
 * @example
 * dirTaskId('runs/demo/arms/baseline/tasks/a%2Fb'); // 'a/b'
 * dirTaskId('tasks/bad%zz'); // 'bad%zz'
 */
export function dirTaskId(dir: string): string {
  const name = basename(dir);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
