import type { Trajectory } from '../trajectory.js';
import { type ChargedCalls, callsInOrder, chargedCalls } from './calls.js';
import { searchQuery } from './search-query.js';
import { REFERENCE_TOOL_ROLES, type ToolRoles } from './tool-roles.js';

const DOTTED_PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/;

/**
 * Whether a query is shaped like a dotted path (`pkg.mod.Cls`, `a.b`): a name the symbol tool
 * resolves directly. Surrounding whitespace is ignored; any inner space, or a part that does not
 * start like an identifier (`v1.2`), makes it free text.
 *
 * @example
 * isDottedPath('pkg.mod.Cls'); // true
 * isDottedPath('parse config'); // false
 */
export function isDottedPath(query: string): boolean {
  return DOTTED_PATH.test(query.trim());
}

/**
 * `tool_mismatch`: a search call whose query is shaped like a dotted path. A product with no symbol
 * tool (`roles.symbol` null) offers nothing better, so nothing is charged.
 *
 * @example
 * // search_codebase(query="pkg.mod.Cls") -> charged
 * toolMismatch(trajectory); // { count: 1, rate: 0.5, charged: [0] }
 */
export function toolMismatch(trajectory: Trajectory, roles: ToolRoles = REFERENCE_TOOL_ROLES): ChargedCalls {
  const calls = callsInOrder(trajectory);
  if (roles.symbol === null) return chargedCalls([], calls.length);
  const search = new Set(roles.search);
  const charged = calls
    .filter(({ event }) => {
      if (!search.has(event.tool)) return false;
      const query = searchQuery(event);
      return query !== null && isDottedPath(query);
    })
    .map(({ event }) => event.seq);
  return chargedCalls(charged, calls.length);
}
