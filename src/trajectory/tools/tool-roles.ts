import { existsSync } from 'node:fs';
import { AgentTrackError, describeIssues, readYamlFile } from '../../core/index.js';
import { validateProductManifest } from './product-manifest.js';
import { type ToolsConfig, toolsConfigSchema } from './schema.js';

/** The resolved roles every trajectory metric reads (definitions: `metrics/DEFINITIONS.md`). */
export interface ToolRoles {
  readonly search: readonly string[];
  readonly symbol: string | null;
  readonly read: readonly string[];
  /** The tools that change the file their arguments name: earlier sightings of it are stale. */
  readonly write: readonly string[];
  readonly batch: Readonly<Record<string, string>>;
  /**
   * The tools whose identifiers say exactly what a call returned: a call of one that identified
   * nothing found nothing (`zero_yield`). Any other tool's call yields when it returned non-empty
   * content, so a tool set nobody described is never charged for what it returned.
   */
  readonly identified: readonly string[];
  /** The tools that pass the task on: a run whose last call is one ends `handoff`. */
  readonly handoff: readonly string[];
}

/** The reference code-search server's roles: the defaults for any key a config leaves out. */
export const REFERENCE_TOOL_ROLES: ToolRoles = Object.freeze({
  search: Object.freeze(['search_codebase']),
  symbol: 'get_symbol',
  read: Object.freeze(['read_file', 'read_files']),
  write: Object.freeze([]),
  batch: Object.freeze({ get_symbol: 'get_symbols', read_file: 'read_files' }),
  // Every tool of the server returns its identifiers in `structuredContent`, grep and get_references included.
  identified: Object.freeze([
    'search_codebase',
    'read_file',
    'read_files',
    'get_symbol',
    'get_symbols',
    'grep',
    'get_references',
  ]),
  handoff: Object.freeze([]),
});

/** Claude Code's built-in tools: Grep and Glob search, Read fetches, the editors write, nothing batches. */
export const CLAUDE_CODE_TOOL_ROLES: ToolRoles = Object.freeze({
  search: Object.freeze(['Grep', 'Glob']),
  symbol: null,
  read: Object.freeze(['Read']),
  write: Object.freeze(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']),
  batch: Object.freeze({}),
  // The importer reads identifiers from these three; Bash, Edit, WebFetch... yield by content.
  identified: Object.freeze(['Read', 'Grep', 'Glob']),
  handoff: Object.freeze([]),
});

/**
 * A tool set nobody described (any OpenAI tool-calling log, an unknown server): no search, read,
 * symbol or batch roles, and every call yields when it returned non-empty content. The one handoff
 * known by name is tau-bench's `transfer_to_human_agents`.
 */
export const GENERIC_TOOL_ROLES: ToolRoles = Object.freeze({
  search: Object.freeze([]),
  symbol: null,
  read: Object.freeze([]),
  write: Object.freeze([]),
  batch: Object.freeze({}),
  identified: Object.freeze([]),
  handoff: Object.freeze(['transfer_to_human_agents']),
});

/** The built-in profiles `resolveToolRoles` accepts by name. */
export const TOOL_ROLE_PROFILES = Object.freeze({
  default: REFERENCE_TOOL_ROLES,
  'claude-code': CLAUDE_CODE_TOOL_ROLES,
  generic: GENERIC_TOOL_ROLES,
});
export type ToolRoleProfile = keyof typeof TOOL_ROLE_PROFILES;

/** The tools a role set names (search, symbol, read, batch pairs): their identifiers are expected. */
function namedTools(roles: Omit<ToolRoles, 'identified' | 'handoff' | 'write'>): string[] {
  return [
    ...roles.search,
    ...roles.read,
    ...(roles.symbol === null ? [] : [roles.symbol]),
    ...Object.keys(roles.batch),
    ...Object.values(roles.batch),
  ];
}

/**
 * Resolves a `tools` config (validated; unknown keys refused by name; missing keys take the
 * reference server's values) or a built-in profile name into the roles the metrics read.
 * `source` names the file the config came from in error messages.
 *
 * @example
 * resolveToolRoles().symbol;                      // 'get_symbol'
 * resolveToolRoles('claude-code').search;         // ['Grep', 'Glob']
 * resolveToolRoles('generic').identified;         // []: every call yields when it returned content
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
  const { search, symbol, read, write, batch, identified, handoff } = parsed.data;
  const roles = {
    search: Object.freeze([...(search ?? REFERENCE_TOOL_ROLES.search)]),
    symbol: symbol === undefined ? REFERENCE_TOOL_ROLES.symbol : symbol,
    read: Object.freeze([...(read ?? REFERENCE_TOOL_ROLES.read)]),
    batch: Object.freeze({ ...(batch ?? REFERENCE_TOOL_ROLES.batch) }),
  };
  return Object.freeze({
    ...roles,
    // Like every key, a left-out `identified` takes the reference server's: its unnamed tools, grep and get_references.
    identified: Object.freeze([
      ...new Set([...namedTools(roles), ...(identified ?? ['grep', 'get_references'])]),
    ]),
    // A write's result says what it did, not what the file holds: writes are never `identified`.
    write: Object.freeze([...(write ?? REFERENCE_TOOL_ROLES.write)]),
    handoff: Object.freeze([...(handoff ?? REFERENCE_TOOL_ROLES.handoff)]),
  });
}

/**
 * Tool roles by name or by file: a profile name (`default`, `claude-code`, `generic`), or a YAML or
 * JSON file holding a `tools` config, either alone or as the `tools:` key of a product manifest
 * (`agent-track.product.yaml`), so a product's own roles score its runs. Refusals name the file.
 *
 * @example
 * loadToolRoles('generic').identified; // []
 * loadToolRoles('my-product/agent-track.product.yaml').search; // the manifest's search tools
 */
export function loadToolRoles(nameOrFile: string): ToolRoles {
  if (Object.hasOwn(TOOL_ROLE_PROFILES, nameOrFile)) return TOOL_ROLE_PROFILES[nameOrFile as ToolRoleProfile];
  if (!existsSync(nameOrFile)) {
    throw new AgentTrackError(
      'UNKNOWN_TOOL_PROFILE',
      `Unknown tool-role profile \`${nameOrFile}\`; expected one of ${Object.keys(TOOL_ROLE_PROFILES)
        .map((name) => `\`${name}\``)
        .join(', ')}, or a roles or product manifest file`,
      { data: { profile: nameOrFile } },
    );
  }
  const value = readYamlFile(nameOrFile, 'tool roles');
  // A product manifest (it names its server) is read with the one manifest schema, as the agent's
  // loader reads it: what one refuses the other does too.
  if (typeof value === 'object' && value !== null && ('tools' in value || 'serve' in value)) {
    const { tools } = validateProductManifest(value, nameOrFile);
    return resolveToolRoles(tools ?? {}, { source: nameOrFile });
  }
  // Any other YAML (a scalar, a list: a file that is no roles file at all) is refused by name only;
  // its content is never quoted (the path may be anything, `/etc/passwd` included).
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    throw new AgentTrackError(
      'INVALID_TOOLS_CONFIG',
      `\`${nameOrFile}\` holds no tool roles: a roles file is a mapping (\`search:\`, \`read:\`, ...) or a product manifest with \`tools:\``,
      { data: { source: nameOrFile } },
    );
  }
  return resolveToolRoles((value ?? {}) as ToolsConfig, { source: nameOrFile });
}
