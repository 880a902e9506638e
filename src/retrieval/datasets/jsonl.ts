import { readFile } from 'node:fs/promises';
import { AgentTrackError, type JsonRecord, jsonRecords } from '../../core/index.js';

/**
 * Reads a dataset's records file: JSONL, or one JSON document as some datasets ship (`jsonRecords`).
 * A malformed line (or a document that is not JSON) is an error naming the file and the line.
 */
export async function readJsonRecords(file: string): Promise<JsonRecord[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new AgentTrackError('DATASET_UNREADABLE', `Cannot read \`${file}\``, {
      data: { file },
      cause: error,
    });
  }
  return jsonRecords(text, file, (problem) => {
    throw new AgentTrackError(
      'MALFORMED_LINE',
      problem.line === null ? `${file}: not a valid JSON array` : `${file}:${problem.line}: not valid JSON`,
      { data: { file, ...(problem.line === null ? {} : { line: problem.line }) }, cause: problem.cause },
    );
  });
}
