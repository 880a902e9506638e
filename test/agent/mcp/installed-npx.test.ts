import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { installedNpx } from '../../../src/agent/mcp/installed-npx.js';
import { connectMcpServer } from '../../../src/agent/mcp/mcp-session.js';
import { tempDir } from '../../optimize/campaign/helpers.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const PINNED = '@modelcontextprotocol/server-filesystem@2026.8.31';
const PRODUCT = join(ROOT, 'fixtures/products/filesystem');
const CORPUS = join(ROOT, 'fixtures/corpora/go-kv');
const npx = (args: string[], cwd = PRODUCT) => ({ command: 'npx', args, cwd });

describe('a pinned npx server whose exact version is installed runs as npx would run it', () => {
  test("the filesystem product's command: the package's bin from npm's local prefix, the same arguments, its .bin first on PATH", () => {
    const bin = join(ROOT, 'node_modules/.bin');
    for (const args of [
      ['--no', PINNED, CORPUS],
      ['-y', PINNED, CORPUS],
      [PINNED, CORPUS],
    ]) {
      const run = installedNpx({ ...npx(args), env: { PATH: '/usr/bin' } });
      expect(run).toEqual({
        command: join(bin, 'mcp-server-filesystem'),
        args: [CORPUS],
        cwd: PRODUCT,
        env: { PATH: `${bin}:/usr/bin` },
      });
    }
  });

  test('anything npx might run differently is left as written', () => {
    const cases = [
      npx(['--no', '@modelcontextprotocol/server-filesystem@2026.8.30', CORPUS]), // another version
      npx(['--no', '@modelcontextprotocol/server-filesystem', CORPUS]), // not pinned
      npx(['--no', '@modelcontextprotocol/server-filesystem@^2026.8.31', CORPUS]), // a range
      npx(['--package', PINNED, 'mcp-server-filesystem', CORPUS]), // an option that picks the package
      npx(['--no', '@modelcontextprotocol/server-everything@2026.1.1']), // not installed
      npx(['--no', PINNED, CORPUS], '/'), // no local prefix that holds it
      { command: 'node', args: ['server.js'], cwd: PRODUCT },
    ];
    for (const command of cases) expect(installedNpx(command), JSON.stringify(command)).toBeNull();
  });

  test('a package with several bins runs the one named after it, as npm picks; none so named: as written', () => {
    using dir = tempDir();
    const install = (bins: Record<string, string>) => {
      const pkg = join(dir.path, 'node_modules/@acme/tools');
      mkdirSync(pkg, { recursive: true });
      mkdirSync(join(dir.path, 'node_modules/.bin'), { recursive: true });
      writeFileSync(
        join(pkg, 'package.json'),
        JSON.stringify({ name: '@acme/tools', version: '1.2.3', bin: bins }),
      );
      for (const [name, file] of Object.entries(bins)) {
        writeFileSync(join(pkg, file), '#!/usr/bin/env node\n');
        symlinkSync(join(pkg, file), join(dir.path, 'node_modules/.bin', name));
      }
    };
    install({ tools: 'a.js', 'tools-admin': 'b.js' });
    const nested = join(dir.path, 'product');
    mkdirSync(nested);
    expect(installedNpx(npx(['--no', '@acme/tools@1.2.3', '--flag'], nested))?.command).toBe(
      join(dir.path, 'node_modules/.bin/tools'),
    );
    using other = tempDir();
    const pkg = join(other.path, 'node_modules/@acme/tools');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(
      join(pkg, 'package.json'),
      JSON.stringify({ version: '1.2.3', bin: { a: 'a.js', b: 'b.js' } }),
    );
    expect(installedNpx(npx(['--no', '@acme/tools@1.2.3'], other.path))).toBeNull();
  });

  test('the real server starts through it: the process is the bin, not npx, and it serves its tools', async () => {
    const session = await connectMcpServer(npx(['--no', PINNED, CORPUS]));
    try {
      const cmdline = readFileSync(`/proc/${session.pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline.some((part) => part.endsWith('mcp-server-filesystem'))).toBe(true);
      expect(cmdline.some((part) => part.endsWith('npx') || part.includes('npx-cli'))).toBe(false);
      expect(session.tools.map((tool) => tool.name)).toContain('read_text_file');
    } finally {
      await session.close();
    }
  });
});
