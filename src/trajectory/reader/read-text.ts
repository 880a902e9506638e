import { Buffer, isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { TRAJECTORY_ERROR_CODES, trajectoryError } from './trajectory-error.js';

// Sync reads: a trajectory's files are small, and the thread-pool round trips of async reads cost
// more than the parse itself when thousands are scored (bench/trajectory-read.ts). Reading the
// next trajectories ahead through the thread pool was measured too: 4% faster than sync reads when
// each file was decoded whole, but once the JSONL files were decoded line by line sync reads took
// 0.963 of its time (12 interleaved rounds): the callbacks' own cost on the main thread.
// Opened without blocking and checked before it is read: a FIFO (or a device) named like a
// trajectory file would otherwise hang the whole walk waiting for a writer.

// A file that is a link to a place outside its trajectory directory is refused unread: nothing from
// outside the directory given is read, let alone quoted in an error. Links are found by opening
// with O_NOFOLLOW first (ELOOP), so a plain file costs no extra call.
function refuseOutsideLink(path: string, dir: string): void {
  let target: string;
  try {
    target = realpathSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
    throw trajectoryError(
      TRAJECTORY_ERROR_CODES.malformed,
      path,
      'a link that loops (or a chain of links too long to follow): refused, never read',
    );
  }
  const inside = relative(realpathSync(dir), target);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    throw trajectoryError(
      TRAJECTORY_ERROR_CODES.malformed,
      path,
      'a link to a file outside the trajectory directory: refused, never read',
    );
  }
}

const FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

function openText(path: string, dir: string): number {
  try {
    return openSync(path, FLAGS | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
  }
  refuseOutsideLink(path, dir);
  return openSync(path, FLAGS);
}

// A regular file's bytes, into a buffer one byte longer than its size: a read shorter than asked is
// its end, and one that fills the buffer means it grew since it was measured (read on, doubling).
function readWhole(fd: number, size: number): Buffer {
  let bytes = Buffer.allocUnsafe(size + 1);
  let got = 0;
  for (;;) {
    got += readSync(fd, bytes, got, bytes.length - got, got);
    if (got < bytes.length) return bytes.subarray(0, got);
    const grown = Buffer.allocUnsafe(bytes.length * 2);
    bytes.copy(grown);
    bytes = grown;
  }
}

/**
 * One file of a trajectory as bytes, read as the reader may read it: a regular file (never a FIFO,
 * socket or device), inside its directory (a link out is refused unread), valid UTF-8 (checked
 * whole with `isUtf8`, so it is never decoded with replacements). `missing` is the error for a file
 * that is not there.
 */
export function readTrajectoryBytes(path: string, missing: () => Error, dir: string): Buffer {
  let fd: number;
  try {
    fd = openText(path, dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw missing();
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw trajectoryError(
        TRAJECTORY_ERROR_CODES.malformed,
        path,
        stat.isDirectory()
          ? 'a directory, not a file: refused'
          : 'not a regular file (a FIFO, a socket or a device): refused, never read',
      );
    const bytes = readWhole(fd, stat.size);
    if (isUtf8(bytes)) return bytes;
    throw trajectoryError(
      TRAJECTORY_ERROR_CODES.malformed,
      path,
      'not valid UTF-8: refused, never read with its bytes replaced',
    );
  } finally {
    closeSync(fd);
  }
}
