import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLI } from '../helpers/mcp-client.js';
import { indexedFixture, ROOT } from '../helpers/workspace.js';

// The reference server over stdio, spoken to line by line as a hostile client would.
const fixture = indexedFixture('go-kv');
let server: ChildProcessWithoutNullStreams;
let stderr = '';
const replies: Record<string, unknown>[] = [];
let waiters: (() => void)[] = [];

beforeAll(async () => {
  server = spawn(CLI[0]!, [...CLI.slice(1), 'serve', '--workspace', fixture.workspace], { cwd: ROOT });
  server.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  createInterface({ input: server.stdout }).on('line', (line) => {
    replies.push(JSON.parse(line));
    for (const wake of waiters) wake();
    waiters = [];
  });
  send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  await reply(0);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
}, 30_000);
afterAll(() => {
  server.stdin.end();
  fixture[Symbol.dispose]();
});

function send(message: object | string): void {
  server.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
}

async function reply(id: string | number | null, after = 0): Promise<Record<string, unknown>> {
  for (;;) {
    const found = replies.slice(after).find((message) => message.id === id);
    if (found !== undefined) return found;
    await new Promise<void>((wake) => waiters.push(wake));
  }
}

describe('the reference server answers what it cannot take, and goes on serving', () => {
  test('a line over 10 MB gets -32600 with its id; the next request is served', async () => {
    const padding = 'x'.repeat(11 * 1024 * 1024);
    send(`{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"pad":"${padding}"}}`);
    expect(await reply(7)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: 'Invalid Request: a message over 10485760 bytes is not read' },
    });
    send({ jsonrpc: '2.0', id: 8, method: 'tools/list' });
    expect(((await reply(8)).result as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
  }, 30_000);

  test('JSON-RPC 1.0, a line that is not JSON, and a call without params each get their error', async () => {
    send({ jsonrpc: '1.0', id: 11, method: 'tools/list' });
    expect(await reply(11)).toEqual({
      jsonrpc: '2.0',
      id: 11,
      error: { code: -32600, message: 'Invalid Request: `jsonrpc` must be "2.0", got "1.0"' },
    });
    const before = replies.length;
    send('{"jsonrpc": "2.0", "id": 12, "method": ');
    expect(await reply(null, before)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the line is not JSON' },
    });
    send({ jsonrpc: '2.0', id: 13, method: 'tools/call' });
    expect(await reply(13)).toEqual({
      jsonrpc: '2.0',
      id: 13,
      error: { code: -32602, message: 'Invalid params: `tools/call` needs `params` with `name`' },
    });
    send({ jsonrpc: '2.0', id: 14, method: 'tools/call', params: { arguments: {} } });
    expect(((await reply(14)).error as { code: number; message: string }).message).toBe(
      'Invalid params: `params.name` (a string) is missing',
    );
  }, 30_000);

  test('params that are no object, an id that is no string or number, a method that is no string: each answered', async () => {
    send({ jsonrpc: '2.0', id: 21, method: 'tools/list', params: [] });
    expect(await reply(21)).toEqual({
      jsonrpc: '2.0',
      id: 21,
      error: { code: -32602, message: 'Invalid params: `params` must be an object, got an array' },
    });
    send({ jsonrpc: '2.0', id: 22, method: 7 });
    expect(((await reply(22)).error as { code: number }).code).toBe(-32600);
    const before = replies.length;
    send({ jsonrpc: '2.0', id: { x: 1 }, method: 'tools/list' });
    expect(await reply(null, before)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: `id` must be a string or a number, got {"x":1}' },
    });
  }, 30_000);

  test('1,000 pipelined requests are all answered, with no listener warning', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => 1000 + i);
    server.stdin.write(
      ids.map((id) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' })}\n`).join(''),
    );
    await reply(1999);
    const answered = new Set(replies.map((message) => message.id));
    expect(ids.filter((id) => !answered.has(id))).toEqual([]);
    expect(stderr).not.toMatch(/MaxListenersExceededWarning/);
    expect(server.exitCode).toBeNull();
  }, 60_000);
});
