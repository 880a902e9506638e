import { getEventListeners } from 'node:events';
import { expect, test } from 'vitest';
import { connectMcpServer } from '../../../src/agent/mcp/mcp-session.js';
import { fixtureServer } from '../harness/helpers.js';

// The MCP SDK leaves an abort listener on every signal it is handed: with the rollout's one signal
// a rollout of more than 10 calls warned of a leak (and failed a test run).
test('calls on one rollout signal leave no listener on it, and the signal still aborts a call', async () => {
  const session = await connectMcpServer(fixtureServer('text-server.mjs'));
  try {
    const controller = new AbortController();
    for (let i = 0; i < 30; i++)
      await session.call('search_codebase', { query: `q${i}` }, { signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    const aborted = new AbortController();
    aborted.abort(new Error('rollout timed out'));
    await expect(
      session.call('search_codebase', { query: 'x' }, { signal: aborted.signal }),
    ).rejects.toThrow();
  } finally {
    await session.close();
  }
});
