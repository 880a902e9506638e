import { AgentTrackError } from '../../core/index.js';
import type { RunRecord } from './run-record-schema.js';

/**
 * The record whose id is `id` or starts with it (like a short git sha). Refuses an unknown id
 * (`RUN_NOT_FOUND`) and a prefix that names several (`RUN_AMBIGUOUS`), naming the log.
 *
 * @example
 * findRunRecord(readRunLog('runs/runs.jsonl'), '3fa2', 'runs/runs.jsonl');
 */
export function findRunRecord(records: readonly RunRecord[], id: string, logFile: string): RunRecord {
  const exact = records.find((r) => r.id === id);
  if (exact !== undefined) return exact;
  const matches = id === '' ? [] : records.filter((r) => r.id.startsWith(id));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new AgentTrackError(
      'RUN_AMBIGUOUS',
      `Run id \`${id}\` names ${matches.length} records in \`${logFile}\`: ${matches.map((r) => `\`${r.id}\``).join(', ')}`,
      { data: { id, file: logFile, matches: matches.map((r) => r.id) } },
    );
  }
  throw new AgentTrackError(
    'RUN_NOT_FOUND',
    `No run \`${id}\` in \`${logFile}\` (${records.length} records; \`agent-track runs list\` shows them)`,
    { data: { id, file: logFile } },
  );
}
