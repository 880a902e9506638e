import { CLAUDE_CODE_TOOL_ROLES, type ToolRoles } from '../../trajectory/index.js';

/**
 * The roles both arms are scored with (one set, so both arms meet one implementation of every
 * metric): Claude Code's built-ins plus the product's tools, under the names the agent calls them
 * (`mcp__<server>__<tool>` when `prefix` is `mcp__<server>__`, else as the product names them).
 *
 * @example
 * trackToolRoles(REFERENCE_TOOL_ROLES, 'mcp__ref__').search; // ['Grep', 'Glob', 'mcp__ref__search_codebase']
 */
export function trackToolRoles(product: ToolRoles, prefix: string): ToolRoles {
  const named = (tool: string) => `${prefix}${tool}`;
  return Object.freeze({
    search: Object.freeze([...CLAUDE_CODE_TOOL_ROLES.search, ...product.search.map(named)]),
    symbol: product.symbol === null ? null : named(product.symbol),
    read: Object.freeze([...CLAUDE_CODE_TOOL_ROLES.read, ...product.read.map(named)]),
    batch: Object.freeze(
      Object.fromEntries(
        Object.entries(product.batch).map(([single, batch]) => [named(single), named(batch)]),
      ),
    ),
    identified: Object.freeze([...CLAUDE_CODE_TOOL_ROLES.identified, ...product.identified.map(named)]),
    handoff: Object.freeze([...CLAUDE_CODE_TOOL_ROLES.handoff, ...product.handoff.map(named)]),
  });
}
