import { Buffer, isUtf8 } from 'node:buffer';
import { close, constants, fstat, open, read, realpathSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { TRAJECTORY_ERROR_CODES, trajectoryError } from './trajectory-error.js';

// Reads go through the thread pool, with callbacks (no promise per step): a walk starts the next
// trajectories' reads while it parses and scores this one, so the system calls (expensive on a
// virtual machine) run beside the parse instead of before it (bench/trajectory-read.ts).
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

function openText(path: string, dir: string, then: (error: Error | null, fd: number) => void): void {
  open(path, FLAGS | constants.O_NOFOLLOW, (error, fd) => {
    if (error?.code !== 'ELOOP') return then(error, fd);
    try {
      refuseOutsideLink(path, dir);
    } catch (refused) {
      return then(refused as Error, -1);
    }
    open(path, FLAGS, then);
  });
}

// The rest of a file from `bytes` on: a regular file ends at the first read shorter than asked.
function readRest(
  fd: number,
  bytes: Buffer,
  got: number,
  then: (error: Error | null, bytes: Buffer) => void,
) {
  read(fd, bytes, got, bytes.length - got, got, (error, count) => {
    if (error) return then(error, bytes);
    if (got + count < bytes.length) return then(null, bytes.subarray(0, got + count));
    // It grew since it was measured: read on into a buffer twice the size.
    const grown = Buffer.allocUnsafe(bytes.length * 2);
    bytes.copy(grown);
    readRest(fd, grown, bytes.length, then);
  });
}

/**
 * One file of a trajectory as bytes, read as the reader may read it: a regular file (never a FIFO,
 * socket or device), inside its directory (a link out is refused unread), valid UTF-8 (checked
 * whole with `isUtf8`, so it is never decoded with replacements). `missing` is the error for a file
 * that is not there.
 */
export function readTrajectoryBytes(path: string, missing: () => Error, dir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    openText(path, dir, (error, fd) => {
      if (error) return reject((error as NodeJS.ErrnoException).code === 'ENOENT' ? missing() : error);
      const done = (error: Error | null, bytes?: Buffer) =>
        close(fd, () => (error ? reject(error) : resolve(bytes!)));
      fstat(fd, (error, stat) => {
        if (error) return done(error);
        if (!stat.isFile())
          return done(
            trajectoryError(
              TRAJECTORY_ERROR_CODES.malformed,
              path,
              stat.isDirectory()
                ? 'a directory, not a file: refused'
                : 'not a regular file (a FIFO, a socket or a device): refused, never read',
            ),
          );
        // One byte more than its size: a read that fills it means the file grew.
        readRest(fd, Buffer.allocUnsafe(stat.size + 1), 0, (error, bytes) => {
          if (error) return done(error);
          if (isUtf8(bytes)) return done(null, bytes);
          done(
            trajectoryError(
              TRAJECTORY_ERROR_CODES.malformed,
              path,
              'not valid UTF-8: refused, never read with its bytes replaced',
            ),
          );
        });
      });
    });
  });
}
