import type { ToolRoles } from '../tools/tool-roles.js';

export { REFERENCE_TOOL_ROLES, type ToolRoles } from '../tools/tool-roles.js';

/** The tools whose calls fetch named targets: every single-target tool and its batch counterpart. */
export function targetFetchingTools(roles: ToolRoles): {
  single: ReadonlySet<string>;
  batch: ReadonlySet<string>;
} {
  return {
    single: new Set(Object.keys(roles.batch)),
    batch: new Set(Object.values(roles.batch)),
  };
}

/** The tools that read content directly (reads, the symbol tool, and their batch counterparts). */
export function contentReadingTools(roles: ToolRoles): ReadonlySet<string> {
  const tools = new Set<string>(roles.read);
  if (roles.symbol !== null) tools.add(roles.symbol);
  for (const tool of [...tools]) {
    const batch = roles.batch[tool];
    if (batch !== undefined) tools.add(batch);
  }
  return tools;
}
