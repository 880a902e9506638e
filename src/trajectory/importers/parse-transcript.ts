import { AgentTrackError } from '../../core/errors.js';

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
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    // One JSON document (pretty-printed or not) is one record; otherwise it is JSONL.
    const whole = tryParse(text);
    if (whole.ok) return { records: [{ value: whole.value, where: `${source}[0]` }], truncated: false };
  }
  if (trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new AgentTrackError(
        'IMPORT_MALFORMED',
        `${source}: not valid JSON: ${(error as Error).message}`,
        {
          data: { file: source },
          cause: error,
        },
      );
    }
    const items = Array.isArray(value) ? value : [value];
    return {
      records: items.map((item, index) => ({ value: item, where: `${source}[${index}]` })),
      truncated: false,
    };
  }
  const records: TranscriptRecord[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    try {
      records.push({ value: JSON.parse(line), where: `${source}:${index + 1}` });
    } catch (error) {
      if (index === lines.length - 1 && !text.endsWith('\n')) return { records, truncated: true };
      throw new AgentTrackError(
        'IMPORT_MALFORMED',
        `${source}:${index + 1}: not valid JSON: ${(error as Error).message}`,
        { data: { file: source, line: index + 1 }, cause: error },
      );
    }
  }
  return { records, truncated: false };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
