import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CallYield, ResultRow, TextExtractor } from '../../trajectory/index.js';

/** The whole text of a result: its text blocks joined by newlines; other blocks as compact JSON. */
export function resultText(result: CallToolResult): string {
  const content = Array.isArray(result.content) ? result.content : [];
  if (content.length === 0 && result.structuredContent !== undefined) {
    return JSON.stringify(result.structuredContent);
  }
  return content.map((block) => (block.type === 'text' ? block.text : JSON.stringify(block))).join('\n');
}

function optionalInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function rowOf(value: unknown): ResultRow | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.path !== 'string') return undefined;
  const row: ResultRow = { path: record.path };
  const start = optionalInt(record.start);
  const end = optionalInt(record.end);
  const name = optionalString(record.name);
  const text = optionalString(record.text);
  if (start !== undefined) row.start = start;
  if (end !== undefined) row.end = end;
  if (name !== undefined) row.name = name;
  if (text !== undefined) row.text = text;
  return row;
}

/**
 * Identifiers and rows of one result: exact from `structuredContent` (`identifiers`: strings,
 * `rows`: objects with a `path`) when the server returns them, as the reference server does;
 * otherwise from the text by the extractor, with the task's corpus directory (`corpus`) when known.
 *
 * @example
 * extractResult({ content: [], structuredContent: { rows: [{ path: 'a.py', start: 1, end: 9 }], identifiers: ['a.py'] } }, { tool: 'search_codebase', args: {} }, filePathExtractor());
 * // { identifiers: ['a.py'], rows: [{ path: 'a.py', start: 1, end: 9 }] }
 */
export function extractResult(
  result: CallToolResult,
  call: { tool: string; args: Record<string, unknown> },
  extractor: TextExtractor,
  corpus?: string | null,
): CallYield {
  const structured = result.structuredContent;
  if (typeof structured === 'object' && structured !== null) {
    const { identifiers, rows } = structured as Record<string, unknown>;
    if (Array.isArray(identifiers)) {
      const extracted: CallYield = {
        identifiers: identifiers.filter((item): item is string => typeof item === 'string'),
      };
      if (Array.isArray(rows)) extracted.rows = rows.map(rowOf).filter((row) => row !== undefined);
      return extracted;
    }
  }
  return extractor(resultText(result), call.tool, call.args, corpus);
}
