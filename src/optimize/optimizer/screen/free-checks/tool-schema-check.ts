import { canonicalJson } from '../../candidate.js';
import { type FreeCheckResult, failed, passed } from './check-result.js';
import { parseToolDocsText } from './tool-docs-text.js';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * Tool docs may change what a tool's text says, never which tools exist or what they take: the
 * candidate must name the incumbent's tools, each with the same parameter names and the same
 * other declared keys (everything but the prose).
 *
 * @example
 * checkToolSchema(candidateYaml, incumbentYaml); // { check: 'tool_schema', pass: false, reason: 'parameter `limit` of `search_codebase` is missing' }
 */
export function checkToolSchema(candidate: string, incumbent: string): FreeCheckResult {
  const base = parseToolDocsText(incumbent);
  if (!base.ok) return failed('tool_schema', `the incumbent tool docs cannot be read: ${base.reason}`);
  const next = parseToolDocsText(candidate);
  if (!next.ok) return failed('tool_schema', `the candidate tool docs cannot be read: ${next.reason}`);
  for (const name of Object.keys(base.tools)) {
    if (!(name in next.tools)) return failed('tool_schema', `tool \`${name}\` is missing`);
  }
  for (const name of Object.keys(next.tools)) {
    if (!(name in base.tools)) return failed('tool_schema', `tool \`${name}\` is new`);
  }
  for (const [name, tool] of Object.entries(base.tools)) {
    const other = next.tools[name]!;
    const params = Object.keys(tool.parameters);
    const otherParams = Object.keys(other.parameters);
    if (!sameSet(params, otherParams)) {
      const missing = params.find((p) => !otherParams.includes(p));
      return failed(
        'tool_schema',
        missing !== undefined
          ? `parameter \`${missing}\` of \`${name}\` is missing`
          : `parameter \`${otherParams.find((p) => !params.includes(p))}\` of \`${name}\` is new`,
      );
    }
    for (const [param, doc] of Object.entries(tool.parameters)) {
      // A structured parameter entry (a schema, not prose) must not change.
      if (typeof doc !== 'string' && canonicalJson(doc) !== canonicalJson(other.parameters[param])) {
        return failed('tool_schema', `the schema of parameter \`${param}\` of \`${name}\` changed`);
      }
    }
    if (canonicalJson(tool.rest) !== canonicalJson(other.rest)) {
      const keys = [...new Set([...Object.keys(tool.rest), ...Object.keys(other.rest)])];
      const key = keys.find((k) => canonicalJson(tool.rest[k]) !== canonicalJson(other.rest[k]));
      return failed('tool_schema', `\`${name}.${key}\` changed`);
    }
  }
  return passed('tool_schema');
}
