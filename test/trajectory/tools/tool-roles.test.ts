import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ToolsConfig } from '../../../src/trajectory/tools/schema.js';
import {
  CLAUDE_CODE_TOOL_ROLES,
  loadToolRoles,
  resolveToolRoles,
  type ToolRoles,
} from '../../../src/trajectory/tools/tool-roles.js';

const reference: ToolRoles = {
  search: ['search_codebase'],
  symbol: 'get_symbol',
  read: ['read_file', 'read_files'],
  write: [],
  batch: { get_symbol: 'get_symbols', read_file: 'read_files' },
  identified: [
    'search_codebase',
    'read_file',
    'read_files',
    'get_symbol',
    'get_symbols',
    'grep',
    'get_references',
  ],
  handoff: [],
};

describe('resolveToolRoles', () => {
  test.each<[string, ToolsConfig | 'default' | 'claude-code' | 'generic' | undefined, ToolRoles]>([
    ['no argument: the reference server', undefined, reference],
    ['the default profile', 'default', reference],
    ['an empty config takes every default', {}, reference],
    [
      'the claude-code profile',
      'claude-code',
      {
        search: ['Grep', 'Glob'],
        symbol: null,
        read: ['Read'],
        write: ['Edit', 'MultiEdit', 'Write', 'NotebookEdit'],
        batch: {},
        identified: ['Read', 'Grep', 'Glob'],
        handoff: [],
      },
    ],
    [
      'the generic profile: no roles, every call yields by its content; tau-bench handoff known',
      'generic',
      {
        search: [],
        symbol: null,
        read: [],
        write: [],
        batch: {},
        identified: [],
        handoff: ['transfer_to_human_agents'],
      },
    ],
    [
      'a partial config keeps the defaults it leaves out',
      { search: ['find', 'grep'], batch: {} },
      // identified: the tools named (find, grep, read_file, read_files, get_symbol), then grep again and get_references
      {
        ...reference,
        search: ['find', 'grep'],
        batch: {},
        identified: ['find', 'grep', 'read_file', 'read_files', 'get_symbol', 'get_references'],
      },
    ],
    [
      'a product with no symbol tool',
      { symbol: null },
      // get_symbol stays identified: it is still named, as a batch pair's single-target tool
      { ...reference, symbol: null },
    ],
    [
      'identified names extra tools whose identifiers are exact',
      { search: ['s'], read: ['r'], symbol: null, batch: {}, identified: ['list'] },
      {
        search: ['s'],
        read: ['r'],
        write: [],
        symbol: null,
        batch: {},
        identified: ['s', 'r', 'list'],
        handoff: [],
      },
    ],
    [
      'handoff names the tools that pass the task on',
      { handoff: ['escalate'] },
      { ...reference, handoff: ['escalate'] },
    ],
    [
      'write names the tools that change a file; they are never identified',
      { search: ['s'], read: ['r'], write: ['w'], symbol: null, batch: {}, identified: [] },
      {
        search: ['s'],
        read: ['r'],
        write: ['w'],
        symbol: null,
        batch: {},
        identified: ['s', 'r'],
        handoff: [],
      },
    ],
  ])('%s', (_name, config, expected) => {
    expect(resolveToolRoles(config)).toEqual(expected);
  });

  test.each<[string, unknown, RegExp]>([
    ['an unknown key, by name', { search: ['s'], symbols: 'x' }, /unknown key `tools\.symbols`/],
    ['two unknown keys', { fetch: [], batches: {} }, /unknown keys `tools\.fetch`, `tools\.batches`/],
    ['a search that is not a list', { search: 'search_codebase' }, /`tools\.search`: /],
    ['an empty tool name in batch', { batch: { get_symbol: '' } }, /`tools\.batch\.get_symbol`: /],
  ])('refuses %s', (_name, config, message) => {
    expect(() => resolveToolRoles(config as ToolsConfig, { source: 'agent-track.product.yaml' })).toThrow(
      expect.objectContaining({ code: 'INVALID_TOOLS_CONFIG', message: expect.stringMatching(message) }),
    );
    expect(() => resolveToolRoles(config as ToolsConfig, { source: 'agent-track.product.yaml' })).toThrow(
      /in agent-track\.product\.yaml/,
    );
  });

  test('refuses an unknown profile name, listing the known ones', () => {
    expect(() => resolveToolRoles('cursor' as 'default')).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_TOOL_PROFILE',
        message: 'Unknown tool-role profile `cursor`; expected one of `default`, `claude-code`, `generic`',
      }),
    );
  });

  test('the resolved roles are frozen, and a config never aliases the defaults', () => {
    const roles = resolveToolRoles({ read: ['Read'] });
    expect(Object.isFrozen(roles) && Object.isFrozen(roles.search) && Object.isFrozen(roles.batch)).toBe(
      true,
    );
    expect(resolveToolRoles().read).toEqual(['read_file', 'read_files']);
  });
});

describe('loadToolRoles: a profile, a roles file, or a product manifest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-track-roles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a profile by name', () => {
    expect(loadToolRoles('claude-code')).toBe(CLAUDE_CODE_TOOL_ROLES);
  });

  test("a product manifest's own tools: key", () => {
    const file = join(dir, 'agent-track.product.yaml');
    writeFileSync(
      file,
      'name: fs\nserve: [node, server.js]\ntools:\n  search: [search_files]\n  read: [read_text_file]\n  write: [write_file]\n  symbol: null\n  batch: {}\n',
    );
    expect(loadToolRoles(file)).toEqual({
      search: ['search_files'],
      symbol: null,
      read: ['read_text_file'],
      write: ['write_file'],
      batch: {},
      identified: ['search_files', 'read_text_file', 'grep', 'get_references'],
      handoff: [],
    });
  });

  test('a roles file, refused by key and file when wrong', () => {
    const good = join(dir, 'roles.yaml');
    writeFileSync(good, 'search: [find]\nidentified: [list_dir]\n');
    expect(loadToolRoles(good).identified).toEqual([
      'find',
      'read_file',
      'read_files',
      'get_symbol',
      'get_symbols',
      'list_dir',
    ]);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'serch: [find]\n');
    expect(() => loadToolRoles(bad)).toThrow(
      `Invalid \`tools\` config in ${bad}: unknown key \`tools.serch\``,
    );
    expect(() => loadToolRoles('nope')).toThrow('Unknown tool-role profile `nope`');
  });

  // Issue 39 (found by test/hostile): `--tools /etc/passwd` read the file as one YAML string and
  // quoted it whole as an unknown profile's name. A file that is no mapping is refused by name only.
  test('a file that is no roles file is refused by its name, its content never quoted', () => {
    const other = join(dir, 'passwd');
    writeFileSync(other, 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/:/bin/sh\n');
    let message = '';
    try {
      loadToolRoles(other);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      `\`${other}\` holds no tool roles: a roles file is a mapping (\`search:\`, \`read:\`, ...) or a product manifest with \`tools:\``,
    );
    expect(message).not.toContain('root:x');
  });

  // Issue 39: the roles were read from `tools:` alone, so a manifest the product loader refuses
  // (a typo, no server) still scored. One schema reads it for both.
  test.each([
    [
      'a misspelt key',
      'name: fs\nserve: [node, server.js]\nisolaton: corpus\ntools: {search: [find]}\n',
      '`isolaton`',
    ],
    ['no name', 'serve: [node, server.js]\ntools: {search: [find]}\n', '`name`'],
    ['no server', 'name: fs\ntools: {search: [find]}\n', '`serve`'],
  ])('a product manifest with %s is refused as the product loader refuses it', (_name, text, key) => {
    const file = join(dir, 'refused.product.yaml');
    writeFileSync(file, text);
    let message = '';
    try {
      loadToolRoles(file);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`The product manifest \`${file}\` is refused: `);
    expect(message).toContain(key);
  });
});
