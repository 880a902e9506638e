import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { CLI, connectServer } from '../helpers/mcp-client.js';
import { indexedFixture, ROOT, tempDir } from '../helpers/workspace.js';

const run = promisify(execFile);

async function cli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(CLI[0], [...CLI.slice(1), ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('agent-track index and serve refuse before serving', () => {
  test('index writes a bundle and says what it indexed', async () => {
    using dir = tempDir();
    const result = await cli(['index', '--corpus', 'fixtures/corpora/go-kv', '--out', dir.path]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^indexed 12 files \(\d+ pieces, 36 symbols\) in \d+ ms into /);
  });

  test('a bundle built with another ingestion config is named and refused', async () => {
    using fixture = indexedFixture(
      'go-kv',
      parseServingConfig([{ file: 'x.yaml', data: { ingestion: { max_piece_lines: 50 } } }]),
    );
    const result = await cli(['serve', '--workspace', fixture.workspace]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `agent-track: The bundle in \`${fixture.workspace}\` was built with another config (\`ingestion.max_piece_lines\` differs): rebuild it with \`agent-track index\` and this config\n`,
    );
  });

  test('a workspace without a bundle is refused', async () => {
    using dir = tempDir();
    const result = await cli(['serve', '--workspace', dir.path]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`No index bundle in \`${dir.path}\``);
  });

  test('an overlay with a typo is refused by key name with its file', async () => {
    using fixture = indexedFixture('go-kv');
    const overlay = join(fixture.workspace, 'typo.yaml');
    writeFileSync(overlay, 'ranking:\n  wieghts: {name: 3}\n');
    const result = await cli(['serve', '--workspace', fixture.workspace, '--overlay', overlay]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`agent-track: Unknown key \`ranking.wieghts\` in \`${overlay}\`\n`);
  });

  test('a serving config with model settings is refused with a pointer to --llm-block', async () => {
    using dir = tempDir();
    const config = join(dir.path, 'serving.yaml');
    writeFileSync(config, 'query:\n  mode: any\nllm:\n  temperature: 0.2\n');
    const result = await cli([
      'index',
      '--corpus',
      'fixtures/corpora/go-kv',
      '--out',
      dir.path,
      '--config',
      config,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`The key \`llm\` in \`${config}\` is a model setting`);
    expect(result.stderr).toContain('`--llm-block`');
  });

  test('tool docs with an undocumented tool parameter are refused by name', async () => {
    using fixture = indexedFixture('go-kv');
    const docs = join(fixture.workspace, 'docs.yaml');
    writeFileSync(
      docs,
      ['search_codebase', 'get_symbol', 'get_symbols', 'read_file', 'read_files', 'grep', 'get_references']
        .map((tool) => `${tool}:\n  description: d\n  parameters: {query: q}\n`)
        .join(''),
    );
    const result = await cli(['serve', '--workspace', fixture.workspace, '--tool-docs', docs]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `Undocumented parameter \`search_codebase.parameters.kind\` in \`${docs}\``,
    );
  });

  test('edited tool docs change what agents see', async () => {
    using fixture = indexedFixture('go-kv');
    const original = parse(readFileSync(join(ROOT, 'configs/product/tool_docs.yaml'), 'utf8'));
    original.grep.description = 'Edited: find exact text.';
    const docs = join(fixture.workspace, 'docs.yaml');
    writeFileSync(docs, stringify(original));
    const server = await connectServer(['--workspace', fixture.workspace, '--tool-docs', docs]);
    try {
      const { tools } = await server.client.listTools();
      expect(tools.find((tool) => tool.name === 'grep')?.description).toBe('Edited: find exact text.');
    } finally {
      await server.close();
    }
  });
});
