/**
 * A tool call's arguments as an object: `{}` when the raw string is not a JSON object (the raw
 * string is kept beside it for the record).
 *
 * @example
 * parseToolArguments('{"query":"x"}'); // { query: 'x' }
 * parseToolArguments('not json'); // {}
 */
export function parseToolArguments(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
