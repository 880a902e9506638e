// Hostile JSON-RPC to the reference MCP server over stdio (issue 39): generated messages of every
// wrong shape (versions, ids, methods, params, tool arguments, lines that are not JSON, batches,
// notifications), a few at a time. Contract, for every case: each request with a usable id gets
// exactly one JSON-RPC 2.0 answer (a result, or an error with an integer code and a message), a
// line that is not JSON gets -32700, the server answers the next request, and it never prints a
// stack trace.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CLI } from '../product/helpers/mcp-client.js';
import { indexedFixture, ROOT } from '../product/helpers/workspace.js';
import { hostile } from './hostile.js';

type Message = Record<string, unknown>;
const fixture = indexedFixture('go-kv');
let server: ChildProcessWithoutNullStreams;
let stderr = '';
const replies: Message[] = [];
let waiters: (() => void)[] = [];
let tools: string[] = [];

const send = (line: string) => server.stdin.write(`${line}\n`);

async function replyTo(id: unknown, budgetMs: number, after = 0): Promise<Message> {
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const found = replies.slice(after).find((message) => message.id === id);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no answer to id ${JSON.stringify(id)} in ${budgetMs} ms`);
    await new Promise<void>((wake) => {
      waiters.push(wake);
      setTimeout(wake, 100);
    });
  }
}

beforeAll(async () => {
  server = spawn(CLI[0]!, [...CLI.slice(1), 'serve', '--workspace', fixture.workspace], { cwd: ROOT });
  server.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  createInterface({ input: server.stdout }).on('line', (line) => {
    replies.push(JSON.parse(line) as Message);
    for (const wake of waiters) wake();
    waiters = [];
  });
  send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'h', version: '1' } },
    }),
  );
  await replyTo('init', 30_000);
  send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  send(JSON.stringify({ jsonrpc: '2.0', id: 'list', method: 'tools/list' }));
  const listed = (await replyTo('list', 30_000)).result as { tools: { name: string }[] };
  tools = listed.tools.map((tool) => tool.name);
}, 60_000);
afterAll(() => {
  server.stdin.end();
  fixture[Symbol.dispose]();
});

const small = fc.anything({ maxDepth: 3, maxKeys: 4, withNullPrototype: false });
/** One hostile line; `id` is filled in per case so every answer can be told apart. */
const message = fc.oneof(
  // A request of any shape: wrong versions, methods, params.
  fc.record({
    kind: fc.constant('request' as const),
    jsonrpc: fc.constantFrom<unknown>('2.0', '2.0', '1.0', 2, null, undefined),
    idKind: fc.constantFrom('number', 'string'),
    method: fc.constantFrom<unknown>(
      'tools/list',
      'tools/call',
      'ping',
      'initialize',
      'resources/list',
      'prompts/get',
      'x/unknown',
      '',
      7,
      null,
    ),
    params: fc.option(small, { nil: undefined }),
  }),
  // A tool call with the right name and arguments of any shape.
  fc.record({
    kind: fc.constant('call' as const),
    tool: fc.nat(),
    arguments: fc.oneof(
      fc.dictionary(
        fc.constantFrom('query', 'path', 'pattern', 'symbol', 'limit', 'offset', 'glob', 'x'),
        small,
      ),
      small,
    ),
  }),
  fc.record({
    kind: fc.constant('not-json' as const),
    text: fc.string({ minLength: 1, maxLength: 200 }).filter((text) => text.trim() !== '' && !isJson(text)),
  }),
  fc.record({ kind: fc.constant('batch' as const), size: fc.integer({ min: 0, max: 3 }) }),
  fc.record({
    kind: fc.constant('notification' as const),
    method: fc.constantFrom('notifications/cancelled', 'notifications/x', 'tools/list'),
  }),
);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

let cases = 0;
test('generated hostile messages: each usable id answered once as JSON-RPC 2.0, the server serving on, no stack trace', async () => {
  expect(tools.length).toBeGreaterThan(2);
  await hostile(
    fc.array(message, { minLength: 1, maxLength: 5 }),
    async (messages) => {
      const n = ++cases;
      const after = replies.length;
      const expected: unknown[] = [];
      let notJson = 0;
      messages.forEach((m, i) => {
        const numeric = n * 100 + i;
        if (m.kind === 'request') {
          const id = m.idKind === 'number' ? numeric : `c${numeric}`;
          const body: Message = { id, method: m.method };
          if (m.jsonrpc !== undefined) body.jsonrpc = m.jsonrpc;
          if (m.params !== undefined) body.params = m.params;
          expected.push(id);
          send(JSON.stringify(body));
        } else if (m.kind === 'call') {
          const id = `c${numeric}`;
          expected.push(id);
          const name = tools[m.tool % tools.length];
          send(
            JSON.stringify({
              jsonrpc: '2.0',
              id,
              method: 'tools/call',
              params: { name, arguments: m.arguments },
            }),
          );
        } else if (m.kind === 'not-json') {
          notJson++;
          send(m.text.replaceAll('\n', ' '));
        } else if (m.kind === 'batch') {
          const ids = Array.from({ length: m.size }, (_, j) => `b${numeric}-${j}`);
          send(JSON.stringify(ids.map((id) => ({ jsonrpc: '2.0', id, method: 'tools/list' }))));
          // A batch (gone from MCP since 2025-06-18) is one invalid request: answered, with a null id.
          notJson++;
        } else {
          send(JSON.stringify({ jsonrpc: '2.0', method: m.method }));
        }
      });
      const sentinel = `s${n}`;
      send(JSON.stringify({ jsonrpc: '2.0', id: sentinel, method: 'tools/list' }));
      expect(((await replyTo(sentinel, 10_000, after)).result as { tools: unknown[] }).tools.length).toBe(
        tools.length,
      );
      for (const id of expected) await replyTo(id, 10_000, after);
      const got = replies.slice(after);
      for (const id of expected) {
        const answers = got.filter((reply) => reply.id === id);
        expect(answers, `id ${JSON.stringify(id)}`).toHaveLength(1);
        const answer = answers[0]!;
        expect(answer.jsonrpc).toBe('2.0');
        if (!('result' in answer)) {
          const error = answer.error as { code: unknown; message: unknown };
          expect(Number.isInteger(error.code), JSON.stringify(answer)).toBe(true);
          expect(typeof error.message).toBe('string');
        }
      }
      // Every line that was no request gets one answer with a null id (-32700 or -32600).
      const nullIds = got.filter((reply) => reply.id === null);
      expect(nullIds.length, JSON.stringify(nullIds)).toBeGreaterThanOrEqual(notJson);
      for (const reply of nullIds) expect([-32700, -32600]).toContain((reply.error as { code: number }).code);
      expect(server.exitCode).toBeNull();
      expect(stderr).not.toMatch(/^\s+at /m);
    },
    { runs: 150, budgetMs: 15_000 },
  );
}, 120_000);
