import { parse } from 'yaml';

/** One tool as a tool-docs file describes it: what an agent reads, and anything else it declares. */
export interface ToolDocEntry {
  description: string;
  /** Parameter name -> its doc (the reference format); the names are the tool's input schema. */
  parameters: Record<string, unknown>;
  /** Any other keys, kept to be compared verbatim (an `input_schema`, a `title`, ...). */
  rest: Record<string, unknown>;
}

/**
 * Parses a tool-docs YAML text (tool name -> `{description, parameters, ...}`), or says why it
 * cannot: the reason names the tool and key in backticks.
 *
 * @example
 * parseToolDocsText('grep:\n  description: Find lines.\n  parameters: {pattern: A regex}\n');
 * // { ok: true, tools: { grep: { description: 'Find lines.', parameters: { pattern: 'A regex' }, rest: {} } } }
 */
export function parseToolDocsText(
  text: string,
): { ok: true; tools: Record<string, ToolDocEntry> } | { ok: false; reason: string } {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    return {
      ok: false,
      reason: `not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
    };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, reason: 'not a mapping of tool names to their docs' };
  }
  const tools: Record<string, ToolDocEntry> = {};
  for (const [name, entry] of Object.entries(data)) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return { ok: false, reason: `\`${name}\` is not a mapping` };
    }
    const { description, parameters = {}, ...rest } = entry as Record<string, unknown>;
    if (typeof description !== 'string') return { ok: false, reason: `\`${name}.description\` is not text` };
    if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
      return { ok: false, reason: `\`${name}.parameters\` is not a mapping` };
    }
    tools[name] = { description, parameters: parameters as Record<string, unknown>, rest };
  }
  return { ok: true, tools };
}
