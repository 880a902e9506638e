/**
 * A call's arguments as a transcript recorded them: usually a JSON string (OpenAI's `arguments`,
 * OTel's `gen_ai.tool.call.arguments`), sometimes the parsed object, sometimes anything at all.
 * What is not a JSON object is kept raw (`args: {}`), never thrown on.
 *
 * @example
 * parseToolArguments('{"q":"x"}'); // { args: { q: 'x' } }
 * parseToolArguments('[1]');       // { args: {}, raw: '[1]' }
 */
export function parseToolArguments(raw: unknown): { args: Record<string, unknown>; raw?: string } {
  if (raw === null || raw === undefined) return { args: {} };
  if (isObject(raw)) return { args: raw };
  if (typeof raw !== 'string') return { args: {}, raw: JSON.stringify(raw) };
  try {
    const value: unknown = JSON.parse(raw);
    if (isObject(value)) return { args: value };
  } catch {
    // fall through: kept raw below
  }
  return { args: {}, raw };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
