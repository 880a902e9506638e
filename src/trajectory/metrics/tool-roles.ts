/**
 * Which tool plays which part, as the metrics need it. The format layer validates a `tools` config
 * (and the Claude Code profile) into this same shape (`src/trajectory/tools/`, branch
 * trajectory-format); metrics only read it. When both land, this file shrinks to re-exporting that
 * type and its reference default.
 */
export interface ToolRoles {
  /** Search tools: each call is a ranked retrieval run (`search_codebase`; Grep/Glob for Claude Code). */
  readonly search: readonly string[];
  /** The tool that resolves a qualified name directly (`get_symbol`); `null` when the product has none. */
  readonly symbol: string | null;
  /** Tools that fetch a file's text (`read_file`, `read_files`). */
  readonly read: readonly string[];
  /** Single-target tool -> its batch counterpart (`get_symbol` -> `get_symbols`). */
  readonly batch: Readonly<Record<string, string>>;
}

/**
 * The roles of the reference code-search server.
 *
 * @example
 * REFERENCE_TOOL_ROLES.batch.get_symbol; // 'get_symbols'
 */
export const REFERENCE_TOOL_ROLES: ToolRoles = Object.freeze({
  search: Object.freeze(['search_codebase']),
  symbol: 'get_symbol',
  read: Object.freeze(['read_file', 'read_files']),
  batch: Object.freeze({ get_symbol: 'get_symbols', read_file: 'read_files' }),
});

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
