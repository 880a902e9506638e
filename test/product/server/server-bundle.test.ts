import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from 'vitest';
import { referenceServerCommand } from '../../../src/product/index.js';
import { indexedFixture, ROOT, tempDir } from '../helpers/workspace.js';

// What one server entry answers: its tool listing, a search, a symbol and a file read, and a
// refused call, over a real MCP client.
async function answers(entry: string, workspace: string): Promise<unknown[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry, '--workspace', workspace, '--config', join(ROOT, 'configs/serving/default.yaml')],
    cwd: ROOT,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'bundle-parity', version: '0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const calls = await Promise.all(
      [
        { name: 'search_codebase', arguments: { query: 'put a value in the store', limit: 5 } },
        { name: 'get_symbol', arguments: { target: 'Put' } },
        { name: 'read_file', arguments: { path: 'store/store.go', start: 1, end: 20 } },
        { name: 'read_file', arguments: { path: '../outside.go' } },
      ].map((call) => client.callTool(call)),
    );
    return [client.getServerVersion(), tools, calls];
  } finally {
    await client.close();
  }
}

test('the reference server starts from its one-file bundle, which answers exactly as main.js does', async () => {
  const [, entry] = referenceServerCommand({ workspace: '/tmp/ws' });
  const main = join(ROOT, 'dist/product/server/main.js');
  // The test setup's transpile made dist/ from this source, and the bundle beside its entry.
  expect(entry).toBe(join(ROOT, 'dist/product/server/main.bundle.js'));
  expect(existsSync(main)).toBe(true);
  using fixture = indexedFixture('go-kv');
  const [bundled, unbundled] = await Promise.all([
    answers(entry!, fixture.workspace),
    answers(main, fixture.workspace),
  ]);
  const [search, symbol, read, outside] = (bundled as [unknown, unknown, { isError?: boolean }[]])[2];
  expect(JSON.stringify(search)).toContain('store/store.go:61-70  Put');
  expect(JSON.stringify(symbol)).toContain('func (s *Store) Put(key string');
  expect(read!.isError).toBeFalsy();
  expect(outside!.isError).toBe(true);
  expect(bundled).toEqual(unbundled);
});

// The build's bundle in a package of its own (package.json, configs and node_modules linked), so its
// code cache here is this test's alone: the suite's other servers share the checkout's.
function ownPackage(dir: string): { launcher: string; cache: string; digest: Buffer } {
  const server = join(dir, 'dist/product/server');
  mkdirSync(server, { recursive: true });
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  for (const link of ['configs', 'node_modules']) symlinkSync(join(ROOT, link), join(dir, link));
  for (const file of ['main.bundle.js', 'main.bundle.cjs'])
    copyFileSync(join(ROOT, 'dist/product/server', file), join(server, file));
  const digest = createHash('sha256')
    .update(readFileSync(join(server, 'main.bundle.cjs')))
    .digest();
  return { launcher: join(server, 'main.bundle.js'), cache: join(server, 'main.bundle.cjs.v8'), digest };
}

test('the bundle makes its V8 code cache as its first session ends; later starts take it as it is, and one made for another bundle, or corrupt, is replaced', async () => {
  using dir = tempDir();
  using fixture = indexedFixture('go-kv');
  const { launcher, cache, digest } = ownPackage(dir.path);
  const first = await answers(launcher, fixture.workspace);
  // Made at exit, for this bundle: it opens with the bundle's sha256 (V8 checks only the length).
  const made = readFileSync(cache);
  expect(made.subarray(0, 32).equals(digest)).toBe(true);
  expect(made.length).toBeGreaterThan(100_000);
  const taken = statSync(cache);
  expect(await answers(launcher, fixture.workspace)).toEqual(first);
  // Accepted, so not written again (a rejected cache is replaced by a new file).
  expect(statSync(cache).ino).toBe(taken.ino);
  expect(statSync(cache).mtimeMs).toBe(taken.mtimeMs);
  // Another bundle's cache (its digest differs) and a corrupt one for this bundle (V8 rejects it).
  for (const stale of [
    Buffer.concat([Buffer.alloc(32, 7), made.subarray(32)]),
    Buffer.concat([digest, Buffer.alloc(5000, 1)]),
  ]) {
    writeFileSync(cache, stale);
    expect(await answers(launcher, fixture.workspace)).toEqual(first);
    const again = readFileSync(cache);
    expect(again.subarray(0, 32).equals(digest)).toBe(true);
    expect(again.equals(stale)).toBe(false);
    expect(again.length).toBeGreaterThan(100_000);
  }
});

test('a refused start of the bundle writes no code cache: a session that served nothing would leave a thin one', () => {
  using dir = tempDir();
  const { launcher, cache } = ownPackage(dir.path);
  const run = spawnSync(process.execPath, [launcher], { encoding: 'utf8', input: '' });
  expect(run.status).toBe(2);
  expect(run.stderr).toBe('agent-track: The reference server needs `--workspace DIR`\n');
  expect(existsSync(cache)).toBe(false);
});
