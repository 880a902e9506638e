import { AgentTrackError, describeIssues } from '../../core/index.js';
import { type ToolsConfig, toolsConfigSchema } from './schema.js';

/** The resolved roles every trajectory metric reads. */
export interface ToolRoles {
  readonly search: readonly string[];
  readonly symbol: string | null;
  readonly read: readonly string[];
  readonly batch: Readonly<Record<string, string>>;
}

/** The reference code-search server's roles: the defaults for any key a config leaves out. */
export const REFERENCE_TOOL_ROLES: ToolRoles = Object.freeze({
  search: Object.freeze(['search_codebase']),
  symbol: 'get_symbol',
  read: Object.freeze(['read_file', 'read_files']),
  batch: Object.freeze({ get_symbol: 'get_symbols', read_file: 'read_files' }),
});

/** Claude Code's built-in tools: Grep and Glob search, Read fetches, nothing batches. */
export const CLAUDE_CODE_TOOL_ROLES: ToolRoles = Object.freeze({
  search: Object.freeze(['Grep', 'Glob']),
  symbol: null,
  read: Object.freeze(['Read']),
  batch: Object.freeze({}),
});

/** The built-in profiles `resolveToolRoles` accepts by name. */
export const TOOL_ROLE_PROFILES = Object.freeze({
  default: REFERENCE_TOOL_ROLES,
  'claude-code': CLAUDE_CODE_TOOL_ROLES,
});
export type ToolRoleProfile = keyof typeof TOOL_ROLE_PROFILES;

/**
 * Resolves a `tools` config (validated; unknown keys refused by name; missing keys take the
 * reference server's values) or a built-in profile name into the roles the metrics read.
 * `source` names the file the config came from in error messages.
 *
 * @example
 * resolveToolRoles().symbol;                      // 'get_symbol'
 * resolveToolRoles('claude-code').search;         // ['Grep', 'Glob']
 * resolveToolRoles({ search: ['find'] }).batch;   // { get_symbol: 'get_symbols', read_file: 'read_files' }
 */
export function resolveToolRoles(
  config: ToolsConfig | ToolRoleProfile = 'default',
  options: { source?: string } = {},
): ToolRoles {
  if (typeof config === 'string') {
    if (!Object.hasOwn(TOOL_ROLE_PROFILES, config)) {
      throw new AgentTrackError(
        'UNKNOWN_TOOL_PROFILE',
        `Unknown tool-role profile \`${config}\`; expected one of ${Object.keys(TOOL_ROLE_PROFILES)
          .map((name) => `\`${name}\``)
          .join(', ')}`,
        { data: { profile: config } },
      );
    }
    return TOOL_ROLE_PROFILES[config];
  }
  const parsed = toolsConfigSchema.safeParse(config);
  if (!parsed.success) {
    const where = options.source === undefined ? '' : ` in ${options.source}`;
    const issues = describeIssues(parsed.error.issues, config, { root: 'tools' });
    throw new AgentTrackError('INVALID_TOOLS_CONFIG', `Invalid \`tools\` config${where}: ${issues}`, {
      data: { source: options.source ?? null, issues: parsed.error.issues },
      cause: parsed.error,
    });
  }
  const { search, symbol, read, batch } = parsed.data;
  return Object.freeze({
    search: Object.freeze([...(search ?? REFERENCE_TOOL_ROLES.search)]),
    symbol: symbol === undefined ? REFERENCE_TOOL_ROLES.symbol : symbol,
    read: Object.freeze([...(read ?? REFERENCE_TOOL_ROLES.read)]),
    batch: Object.freeze({ ...(batch ?? REFERENCE_TOOL_ROLES.batch) }),
  });
}
