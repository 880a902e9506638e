import { closeSync, constants, fstatSync, openSync, realpathSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { readUtf8 } from '../read-utf8.js';
import { TRAJECTORY_ERROR_CODES, trajectoryError } from './trajectory-error.js';

// Sync reads: a trajectory's files are small, and the thread-pool round trips of async reads cost
// more than the parse itself when thousands are scored (bench/trajectory-read.ts).
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

function openText(path: string, dir: string): number {
  try {
    return openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
  }
  refuseOutsideLink(path, dir);
  return openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
}

/**
 * One file of a trajectory as text, read as the reader may read it: a regular file (never a FIFO,
 * socket or device), inside its directory (a link out is refused unread), valid UTF-8 (never
 * decoded with replacements). `missing` is the error for a file that is not there.
 */
export function readTrajectoryText(path: string, missing: () => Error, dir: string): string {
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
    const text = readUtf8(fd, true);
    if (text !== null) return text;
    throw trajectoryError(
      TRAJECTORY_ERROR_CODES.malformed,
      path,
      'not valid UTF-8: refused, never read with its bytes replaced',
    );
  } finally {
    closeSync(fd);
  }
}
