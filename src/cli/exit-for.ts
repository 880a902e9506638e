import { CommanderError } from 'commander';
import { AgentTrackError, EXIT_CODES, IncompleteRun } from '../core/index.js';
import { pathRefusal } from './path-error.js';

/**
 * How the CLI ends on an error a command threw: a library error is a refusal (exit 2, one
 * `agent-track: ...` line), a run that ended short says why (3 or 4), a usage error commander
 * already printed exits 2 (its help or version 0). `null`: anything else, a bug that keeps its stack.
 *
 * @example
 * exitFor(new AgentTrackError('INVALID_OPTION', 'bad')); // { exitCode: 2, stderr: 'agent-track: bad\n' }
 */
export function exitFor(error: unknown): { exitCode: number; stderr: string } | null {
  if (error instanceof CommanderError) {
    return { exitCode: error.exitCode === 0 ? 0 : EXIT_CODES.refused, stderr: '' };
  }
  // A filesystem error about a path the user gave is a refusal too, named by the path.
  const refusal =
    error instanceof AgentTrackError || error instanceof IncompleteRun ? error : pathRefusal(error);
  if (refusal === null) return null;
  return {
    exitCode: refusal instanceof IncompleteRun ? refusal.exitCode : EXIT_CODES.refused,
    stderr: `agent-track: ${refusal.message}\n`,
  };
}
