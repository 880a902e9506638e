import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ResultRow } from '../../trajectory/index.js';
import { pathsIn } from '../endpoint/tool-result-text.js';

/** What a call returned, for the trajectory: identifiers (paths, names, chunk ids) and ranked rows. */
export interface ExtractedResult {
  identifiers: string[];
  rows?: ResultRow[];
}

/** Reads identifiers from a result's text, for servers that return no `structuredContent`. */
export type TextExtractor = (text: string, tool: string) => ExtractedResult;

/**
 * The default text extractor: the file paths a result names. With `pattern`, each match's first
 * group (or the whole match) is an identifier; without, `path`-like JSON keys or path-looking
 * tokens (`src/a.py`, `main.go`). Distinct, in order of first appearance.
 *
 * @example
 * filePathExtractor()('see src/cart.py and src/tax.py', 'grep'); // { identifiers: ['src/cart.py', 'src/tax.py'] }
 * filePathExtractor(/^(\S+):\d+:/gm)('a.py:3: x = 1', 'grep');   // { identifiers: ['a.py'] }
 */
export function filePathExtractor(pattern?: RegExp): TextExtractor {
  if (pattern === undefined) return (text) => ({ identifiers: pathsIn(text) });
  const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
  return (text) => ({
    identifiers: [...new Set([...text.matchAll(global)].map((match) => match[1] ?? match[0]))],
  });
}

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
 * otherwise from the text by the extractor.
 *
 * @example
 * extractResult({ content: [], structuredContent: { rows: [{ path: 'a.py', start: 1, end: 9 }], identifiers: ['a.py'] } }, 'search_codebase', filePathExtractor());
 * // { identifiers: ['a.py'], rows: [{ path: 'a.py', start: 1, end: 9 }] }
 */
export function extractResult(
  result: CallToolResult,
  tool: string,
  extractor: TextExtractor,
): ExtractedResult {
  const structured = result.structuredContent;
  if (typeof structured === 'object' && structured !== null) {
    const { identifiers, rows } = structured as Record<string, unknown>;
    if (Array.isArray(identifiers)) {
      const extracted: ExtractedResult = {
        identifiers: identifiers.filter((item): item is string => typeof item === 'string'),
      };
      if (Array.isArray(rows)) extracted.rows = rows.map(rowOf).filter((row) => row !== undefined);
      return extracted;
    }
  }
  return extractor(resultText(result), tool);
}
