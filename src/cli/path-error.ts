import { AgentTrackError } from '../core/index.js';

// What each filesystem refusal means for the path the user gave.
const REASONS: Record<string, string> = {
  EEXIST: 'already exists (and is not a directory this command can use)',
  ENOENT: 'does not exist',
  ENOTDIR: 'is not a directory (a file, a FIFO or a device was given where a directory is read)',
  EISDIR: 'is a directory where a file was expected',
  EACCES: 'cannot be accessed (permission denied)',
  EPERM: 'cannot be accessed (operation not permitted)',
  ELOOP: 'is a loop of symbolic links',
  ENAMETOOLONG: 'is too long a name',
};

/**
 * A filesystem error about a path (`EEXIST`, `ENOENT`, `ENOTDIR`, ...) as the refusal it is: one
 * line naming the path and what is wrong with it (`PATH_UNUSABLE`, exit 2); `null` for anything
 * else (a bug keeps its stack).
 *
 * @example
 * pathRefusal(Object.assign(new Error('x'), { code: 'EEXIST', path: '/tmp/f', syscall: 'mkdir' }))?.message;
 * // '`/tmp/f` already exists (and is not a directory this command can use) (mkdir: EEXIST)'
 */
export function pathRefusal(error: unknown): AgentTrackError | null {
  if (!(error instanceof Error)) return null;
  const { code, path, syscall } = error as NodeJS.ErrnoException;
  if (code === undefined || path === undefined || REASONS[code] === undefined) return null;
  return new AgentTrackError('PATH_UNUSABLE', `\`${path}\` ${REASONS[code]} (${syscall ?? 'fs'}: ${code})`, {
    data: { path, code, syscall: syscall ?? null },
  });
}
