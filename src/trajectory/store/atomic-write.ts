import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file so a reader sees either the old content or the whole new one, never a torn file:
 * write a temp file beside it, then rename over it (rename is atomic within one directory).
 *
 * @example
 * writeFileAtomic('/runs/a/tasks/t1/result.json', JSON.stringify(result));
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, data);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Writes a value as pretty JSON (with a final newline), atomically. */
export function writeJsonAtomic(path: string, value: unknown): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}
