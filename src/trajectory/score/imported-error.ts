import { AgentTrackError } from '../../core/index.js';
import { dirTaskId } from '../reader/dir-task-id.js';

/**
 * What a trajectory imported from a transcript into a scratch directory is named by, once that
 * directory is gone: the transcript and the session.
 *
 * @example
 * importedSource('t.jsonl', '/tmp/imp/tasks/s1'); // 't.jsonl (session `s1`)'
 */
export function importedSource(transcript: string, dir: string): string {
  return `${transcript} (session \`${dirTaskId(dir)}\`)`;
}

/**
 * An error about a trajectory imported from a transcript, renamed for the user: the transcript and
 * the session (`FILE (session \`ID\`)`) in place of the scratch directory it was imported into,
 * which is gone by the time anyone reads the message.
 *
 * @example
 * importedError('t.jsonl', '/tmp/imp', '/tmp/imp/tasks/s1', new Error('/tmp/imp/tasks/s1/events.jsonl:3: bad')).error.message;
 * // 't.jsonl (session `s1`)/events.jsonl:3: bad'
 */
export function importedError(
  transcript: string,
  runDir: string,
  dir: string,
  error: Error,
): { source: string; error: Error } {
  const source = importedSource(transcript, dir);
  const message = error.message.split(dir).join(source).split(runDir).join(transcript);
  const renamed =
    error instanceof AgentTrackError
      ? new AgentTrackError(error.code, message, { data: { ...error.data, source }, cause: error })
      : Object.assign(new Error(message, { cause: error }), { name: error.name });
  return { source, error: renamed };
}
