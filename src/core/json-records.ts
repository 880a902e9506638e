import { eachJsonlLine, type JsonlProblem } from './jsonl-log.js';

/** One record of a JSON or JSONL file and where it came from. */
export interface JsonRecord {
  value: unknown;
  /** The JSONL line (1-based), or the array item's index + 1. */
  line: number;
  /** `file:line`, or `file[index]` for an item of a JSON document. */
  where: string;
}

/** A file that is not JSON as a whole (`line: null`), or one JSONL line that is not (`torn` when cut). */
export type JsonRecordsProblem = Omit<JsonlProblem, 'line'> & { line: number | null };

/**
 * The records of a file that datasets and transcripts ship in three forms: one JSON document (an
 * object is one record, an array its items), or JSONL (through `eachJsonlLine`, the one walk with
 * the one torn-line rule). A problem goes to `onProblem`, which throws or returns `'skip'`.
 *
 * @example
 * jsonRecords('[{"a":1},{"a":2}]', 'data.json', fail).map((r) => r.where); // ['data.json[0]', 'data.json[1]']
 */
export function jsonRecords(
  text: string,
  source: string,
  onProblem: (problem: JsonRecordsProblem) => 'skip',
): JsonRecord[] {
  const trimmed = text.trimStart();
  const asDocument = (value: unknown): JsonRecord[] =>
    (Array.isArray(value) ? value : [value]).map((item, index) => ({
      value: item,
      line: index + 1,
      where: `${source}[${index}]`,
    }));
  if (trimmed.startsWith('{')) {
    // One JSON document (pretty-printed or not) is one record; otherwise it is JSONL.
    try {
      return asDocument(JSON.parse(text));
    } catch {
      // not one document: read it as JSONL below
    }
  }
  if (trimmed.startsWith('[')) {
    try {
      return asDocument(JSON.parse(text));
    } catch (cause) {
      onProblem({ line: null, torn: false, reason: 'json', message: (cause as Error).message, text, cause });
      return [];
    }
  }
  const records: JsonRecord[] = [];
  eachJsonlLine(text, (line, value) => records.push({ value, line, where: `${source}:${line}` }), onProblem);
  return records;
}
