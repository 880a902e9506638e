import { readFile } from 'node:fs/promises';
import { AgentTrackError } from '../../core/errors.js';

/** A parsed JSONL line with where it came from, for error messages. */
export interface JsonlRecord {
  value: unknown;
  line: number;
}

/**
 * Reads a JSONL file (or a JSON array file, as some datasets ship): a malformed line is an error
 * naming the file and the line.
 */
export async function readJsonRecords(file: string): Promise<JsonlRecord[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new AgentTrackError('DATASET_UNREADABLE', `Cannot read \`${file}\``, {
      data: { file },
      cause: error,
    });
  }
  if (text.trimStart().startsWith('[')) {
    try {
      return (JSON.parse(text) as unknown[]).map((value, i) => ({ value, line: i + 1 }));
    } catch (error) {
      throw new AgentTrackError('MALFORMED_LINE', `${file}: not a valid JSON array`, {
        data: { file },
        cause: error,
      });
    }
  }
  const records: JsonlRecord[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      records.push({ value: JSON.parse(raw), line: i + 1 });
    } catch (error) {
      throw new AgentTrackError('MALFORMED_LINE', `${file}:${i + 1}: not valid JSON`, {
        data: { file, line: i + 1 },
        cause: error,
      });
    }
  });
  return records;
}
