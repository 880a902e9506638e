import { createHash } from 'node:crypto';
import { join } from 'node:path';
import {
  AgentTrackError,
  issueParts,
  openJsonlLog,
  readJsonlLog,
  resolveCacheDir,
} from '../../core/index.js';
import { gitState } from './git-state.js';
import {
  type RunRecord,
  type RunRecordInput,
  runRecordInputSchema,
  runRecordSchema,
} from './run-record-schema.js';

/**
 * Where runs are logged unless told otherwise: one log per user, in the cache directory
 * (`AGENT_TRACK_CACHE`, else `~/.cache/agent-track`), never under the current directory (a
 * before-after run from a product's checkout leaves that repository clean).
 *
 * @example
 * defaultRunLog(); // '/home/me/.cache/agent-track/runs.jsonl'
 */
export function defaultRunLog(cacheDir?: string): string {
  return join(resolveCacheDir(cacheDir), 'runs.jsonl');
}

/**
 * Appends one run record (one system, config and dataset) to a JSONL run log as one line, and
 * returns it: the input is checked against `runRecordInputSchema` (a bad key is refused by name,
 * before anything is written), `created_at` defaults to now, `git` to the current checkout's, and
 * the id is the first 12 hex digits of the record's sha256.
 *
 * @example
 * appendRunRecord('runs/runs.jsonl', { system: 'retrieval-rung', config: 'bm25', dataset: { name: 'fixture-code', slice: 'test', limit: null, tasks: 12 },
 *   params: { k: 10 }, metrics: [{ key: 'piece recall@10', value: 0.75, low: 0.5, high: 0.92, n: 12 }], artifacts: { run: 'runs/retrieval/x.json' } });
 */
export function appendRunRecord(logFile: string, input: RunRecordInput): RunRecord {
  const parsed = runRecordInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const { key, message } = issueParts(issue, input);
    throw new AgentTrackError(
      'RUN_RECORD_INVALID',
      `Refused a run record for \`${logFile}\`: \`${key || '(root)'}\`: ${message}`,
      { data: { file: logFile, path: issue.path }, cause: parsed.error },
    );
  }
  const { created_at, git, ...rest } = parsed.data;
  const body = {
    format: 1 as const,
    created_at: created_at ?? new Date().toISOString(),
    git: git ?? gitState(),
    ...rest,
  };
  const id = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12);
  const record = runRecordSchema.parse({ ...body, id });
  // Opened (its torn tail repaired) before each append: several commands share one run log.
  openJsonlLog(logFile, runRecordSchema, 'run log').append(record);
  return record;
}

/**
 * Every record of a run log, in the order they were appended; a missing log has none. A torn last
 * line (a write cut by a kill) is left out; any other bad line is refused naming `file:line`.
 *
 * @example
 * readRunLog('runs/runs.jsonl').map((r) => r.id);
 */
export function readRunLog(logFile: string): RunRecord[] {
  return readJsonlLog(logFile, runRecordSchema, 'run record').records;
}
