import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { runTask } from '../../../src/agent/harness/run-task.js';
import { createProvider } from '../../../src/agent/llm/providers/create-provider.js';
import { readTrajectory, usageTotals } from '../../../src/trajectory/index.js';
import { tempDir } from '../../product/helpers/workspace.js';
import { fixtureServer, task } from './helpers.js';

// Some local servers (llama.cpp builds, proxies) give every completion the same id.
const REPLIES = [
  {
    message: {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'search_codebase', arguments: '{"query":"total"}' },
        },
      ],
    },
    finish_reason: 'tool_calls',
    usage: { prompt_tokens: 120, completion_tokens: 12, total_tokens: 132 },
  },
  {
    message: { role: 'assistant', content: 'shop/cart.py' },
    finish_reason: 'stop',
    usage: {
      prompt_tokens: 180,
      completion_tokens: 7,
      total_tokens: 187,
      prompt_tokens_details: { cached_tokens: 100 },
    },
  },
];

test('an endpoint that repeats one message id: each completion is recorded once under its own id and billed once', async () => {
  let served = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const reply = REPLIES[served++]!;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          id: 'chatcmpl-fixed',
          object: 'chat.completion',
          created: 0,
          model: 'fixed',
          choices: [{ index: 0, message: reply.message, finish_reason: reply.finish_reason }],
          usage: reply.usage,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  using out = tempDir();
  try {
    const { port } = server.address() as AddressInfo;
    const run = await runTask(task('t', 'What computes the total?'), {
      out: out.path,
      provider: createProvider({
        provider: 'openai',
        base_url: `http://127.0.0.1:${port}/v1`,
        max_retries: 0,
      }),
      model: 'fixed',
      server: fixtureServer('text-server.mjs'),
      system: 'Answer.',
    });
    const trajectory = await readTrajectory(run.dir);
    expect(trajectory.messages.map((m) => [m.id, m.turn])).toEqual([
      ['chatcmpl-fixed', 1],
      ['chatcmpl-fixed~2', 2],
    ]);
    expect(trajectory.turns).toEqual({ '0': { message_id: 'chatcmpl-fixed', turn: 1 } });
    // 120 + 180 prompt, 12 + 7 completion, 100 cached (a slice of prompt, never added).
    const expected = {
      prompt: 300,
      completion: 19,
      reasoning: null,
      cached: 100,
      messages: 2,
      cost_usd: null,
      source: 'messages',
      by_model: null,
    };
    expect(usageTotals(trajectory)).toEqual(expected);
    expect(run.usage).toEqual(expected);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
