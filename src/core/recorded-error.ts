import { AgentTrackError } from './errors.js';

/**
 * An error as the logs record it (`queue.jsonl`, a harness ledger's failed line, a track's ledger):
 * `type` is the `AgentTrackError` code, else the error's class name; `message` its message. Its
 * zod schema lives with the first log that writes it (`agent`'s `recordedErrorSchema`), so this
 * layer loads no schema library.
 */
export interface RecordedError {
  type: string;
  message: string;
}

/**
 * The recorded form of anything thrown.
 *
 * @example
 * recordError(new AgentTrackError('LLM_KEY_MISSING', 'set OPENAI_API_KEY')); // { type: 'LLM_KEY_MISSING', message: 'set OPENAI_API_KEY' }
 * recordError(new TypeError('x is undefined')); // { type: 'TypeError', message: 'x is undefined' }
 */
export function recordError(error: unknown): RecordedError {
  if (error instanceof AgentTrackError) return { type: error.code, message: error.message };
  if (error instanceof Error) return { type: error.name || 'Error', message: error.message };
  return { type: typeof error, message: String(error) };
}
