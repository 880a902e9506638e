import type { ToolEvent } from '../schema.js';

/** Argument names a search tool's query goes by (`query` for the reference server, `pattern` for Grep/Glob). */
export const QUERY_ARGUMENTS = ['query', 'pattern', 'q'] as const;

/**
 * The query text of a search call: the first string among its query-named arguments, or `null`.
 *
 * @example
 * searchQuery({ ...event, args: { query: 'parse config' } }); // 'parse config'
 */
export function searchQuery(event: ToolEvent): string | null {
  for (const name of QUERY_ARGUMENTS) {
    const value = event.args[name];
    if (typeof value === 'string') return value;
  }
  return null;
}
