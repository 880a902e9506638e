import { join } from 'node:path';
import { expect, test } from 'vitest';
import { countTokens } from '../../../src/agent/endpoint/count-tokens.js';
import type { ToolCall } from '../../../src/agent/llm/providers/chat-provider.js';
import { connectMcpServer } from '../../../src/agent/mcp/mcp-session.js';
import { createRecordingProxy } from '../../../src/agent/mcp/recording-proxy.js';
import { BlobStore, filePathExtractor, Recorder } from '../../../src/trajectory/index.js';
import { indexedFixture, tempDir } from '../../product/helpers/workspace.js';
import { fixtureServer, PRODUCT } from '../harness/helpers.js';

function call(id: string, name: string, args: Record<string, unknown> | string): ToolCall {
  const raw = typeof args === 'string' ? args : JSON.stringify(args);
  return { id, name, arguments: typeof args === 'string' ? {} : args, arguments_raw: raw };
}

test('the reference server over stdio: rows and identifiers from structuredContent, errors recorded ok: false, proposal order kept', async () => {
  using ws = indexedFixture('py-shop');
  using out = tempDir();
  const session = await connectMcpServer(PRODUCT.serverFor({ workspace: ws.workspace, corpus: null }));
  try {
    expect(session.definitions.map((tool) => tool.name).sort()).toEqual([
      'get_references',
      'get_symbol',
      'get_symbols',
      'grep',
      'read_file',
      'read_files',
      'search_codebase',
    ]);
    const recorder = Recorder.create(join(out.path, 'tasks/t1'), {
      taskId: 't1',
      blobs: join(out.path, 'blobs'),
    });
    recorder.recordMessage({ id: 'm1', finish_reason: 'tool_calls' });
    const proxy = createRecordingProxy({ session, recorder, extractor: filePathExtractor() });
    const messages = await proxy.run(
      [
        call('c1', 'search_codebase', { query: 'cart total', limit: 2 }),
        call('c2', 'read_file', { path: 'shop/nope.py' }),
        call('c3', 'read_file', '{"path": "shop/cart.py"'),
        call('c4', 'drop_tables', {}),
        call('c5', 'read_file', { path: 'shop/cart.py', start: 1, end: 2 }),
      ],
      'm1',
    );
    const events = recorder.events;
    expect(events.map((e) => [e.seq, e.tool, e.ok])).toEqual([
      [0, 'search_codebase', true],
      [1, 'read_file', false],
      [2, 'read_file', false],
      [3, 'drop_tables', false],
      [4, 'read_file', true],
    ]);
    const search = events[0]!;
    expect(search.rows).toHaveLength(2);
    expect(search.rows?.[0]?.path).toBe('shop/cart.py');
    expect(search.identifiers).toContain('shop/cart.py');
    expect(events[1]!.error).toContain('shop/nope.py');
    expect(events[2]!.args_raw).toBe('{"path": "shop/cart.py"');
    expect(events[2]!.args).toEqual({});
    expect(events[2]!.error).toBe(
      'The arguments of `read_file` are not a JSON object: "{\\"path\\": \\"shop/cart.py\\""',
    );
    expect(events[3]!.identifiers).toEqual([]);
    expect(events[4]!.identifiers).toEqual(['shop/cart.py', 'shop/cart.py:1-2']);
    expect(events[4]!.rows).toBeUndefined();
    // Each message goes back to the model under its call id, holding the whole result (the blob).
    const blobs = new BlobStore(join(out.path, 'blobs'));
    expect(messages.map((m) => (m.role === 'tool' ? m.tool_call_id : null))).toEqual([
      'c1',
      'c2',
      'c3',
      'c4',
      'c5',
    ]);
    for (const [index, event] of events.entries()) {
      expect(blobs.read(event.blob)).toBe(messages[index]!.content);
      expect(event.started_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(event.duration_ms).toBeGreaterThanOrEqual(0);
    }
  } finally {
    await session.close();
  }
});

test('a text-only server: identifiers from the text extractor (file paths by default, or a pattern)', async () => {
  using out = tempDir();
  const session = await connectMcpServer(fixtureServer('text-server.mjs'));
  try {
    // name + description + compact schema of each tool, in o200k_base tokens.
    const expected = session.definitions.reduce(
      (sum, t) =>
        sum + countTokens(t.name) + countTokens(t.description) + countTokens(JSON.stringify(t.input_schema)),
      0,
    );
    expect(session.descriptionTokens).toBe(expected);
    expect(session.descriptionTokens).toBe(51);
    const recorder = Recorder.create(join(out.path, 'tasks/t'), {
      taskId: 't',
      blobs: join(out.path, 'blobs'),
    });
    recorder.recordMessage({ id: 'm1' });
    await createRecordingProxy({ session, recorder, extractor: filePathExtractor() }).run(
      [call('a', 'search_codebase', { query: 'total' })],
      'm1',
    );
    await createRecordingProxy({ session, recorder, extractor: filePathExtractor(/^\d+\. (\S+?):/gm) }).run(
      [call('b', 'search_codebase', { query: 'tax' })],
      'm1',
    );
    expect(recorder.events.map((e) => e.identifiers)).toEqual([
      ['shop/cart.py', 'shop/tax.py'],
      ['shop/cart.py', 'shop/tax.py'],
    ]);
    expect(recorder.events[0]!.preview).toBe(
      `1. shop/cart.py:1-3 Cart.total\n2. shop/tax.py:1 RATE\nquery was "total"\nserved by pid ${session.pid}`,
    );
  } finally {
    await session.close();
  }
});

test('a server that dies is named with its stderr tail; one that cannot start too', async () => {
  const session = await connectMcpServer(fixtureServer('text-server.mjs', ['--crash-after', '1']));
  await session.call('search_codebase', { query: 'x' });
  const second = session.call('read_file', { path: 'shop/tax.py' });
  await expect(second).rejects.toMatchObject({ code: 'MCP_SERVER_EXITED' });
  await expect(second).rejects.toThrow('text-fixture: crashing at call 2 on purpose');
  await session.close();
  using ws = tempDir();
  await expect(
    connectMcpServer(PRODUCT.serverFor({ workspace: ws.path, corpus: null })),
  ).rejects.toMatchObject({
    code: 'MCP_SERVER_START_FAILED',
  });
});
