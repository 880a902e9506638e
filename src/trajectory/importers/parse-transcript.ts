import { AgentTrackError, jsonRecords } from '../../core/index.js';

/** One record of a transcript and where it came from (`file:line`, or `file[index]` in a JSON array). */
export interface TranscriptRecord {
  value: unknown;
  where: string;
}

export interface ParsedTranscript {
  records: TranscriptRecord[];
  /** The last JSONL line was cut off mid-write (and dropped). */
  truncated: boolean;
}

/**
 * Splits a transcript's text into records: a JSON array (or a single JSON object) gives its
 * items, anything else is read as JSONL. A JSONL line that is not JSON is refused naming the file
 * and line, except a torn last line (no final newline), which marks the transcript truncated.
 */
export function parseTranscript(text: string, source: string): ParsedTranscript {
  let truncated = false;
  const records = jsonRecords(text, source, (problem) => {
    if (problem.torn) {
      truncated = true;
      return 'skip';
    }
    throw new AgentTrackError(
      'IMPORT_MALFORMED',
      `${problem.line === null ? source : `${source}:${problem.line}`}: not valid JSON: ${problem.message}`,
      {
        data: { file: source, ...(problem.line === null ? {} : { line: problem.line }) },
        cause: problem.cause,
      },
    );
  });
  return { records: records.map(({ value, where }) => ({ value, where })), truncated };
}
