import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from 'vitest';
import { referenceServerCommand } from '../../../src/product/index.js';
import { indexedFixture, ROOT } from '../helpers/workspace.js';

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
