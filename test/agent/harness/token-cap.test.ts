import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { OpenedModel } from '../../../src/agent/harness/open-model.js';
import { runHarness } from '../../../src/agent/harness/run-harness.js';
import { runTask } from '../../../src/agent/harness/run-task.js';
import { tempDir } from '../../product/helpers/workspace.js';
import { scripted } from '../endpoint-helpers.js';
import { fixtureServer, type Model, modelOn, PRODUCT, task } from './helpers.js';

const SEARCH = { tool_calls: [{ name: 'search_codebase', arguments: { query: 'cart total' } }] };
// A long answer the endpoint must cut at the request's max_tokens.
const LONG_ANSWER = { content: `Cart.total in shop/cart.py. ${'More detail. '.repeat(200)}` };

const opened = (model: Model): OpenedModel => ({
  provider: model.provider,
  model: 'scripted',
  block: model.block,
  blockHash: 'test',
  thinking: false,
  offline: false,
  endpoint: model.endpoint,
  close: async () => {},
});

interface Sent {
  max_tokens?: number;
  messages: { role: string; content: string | null }[];
}

describe('the agent loop holds a rollout under its token cap against a real endpoint and server', () => {
  test('old tool results are cut with a marker, max_tokens is sent, and the endpoint bills under the cap', async () => {
    await using out = tempDir();
    await using model = await modelOn(scripted([SEARCH, SEARCH, SEARCH, SEARCH, LONG_ANSWER]));
    const cap = { input: 6000, output: 600 };
    const run = await runTask(task('t1', 'How is the cart total computed?'), {
      out: out.path,
      provider: model.provider,
      model: 'scripted',
      // Each search result is ~800 tokens: four of them resent each turn overflow the cap's shares.
      server: fixtureServer('text-server.mjs', ['--pad-words', '800']),
      system: 'You answer questions about code.',
      turnBudget: 5,
      tokenCap: cap,
    });
    const sent = model.endpoint.requests.filter((r) => r.index !== null).map((r) => r.body as Sent);
    expect(sent).toHaveLength(5);
    // Request k of at most 6 may use (cap - used) / (6 - k + 1): the first asks for 600 / 6 = 100.
    expect(sent[0]!.max_tokens).toBe(100);
    for (const body of sent) expect(body.max_tokens).toBeGreaterThan(0);
    const cut = sent.flatMap((body) =>
      body.messages.filter((m) => m.role === 'tool' && (m.content ?? '').includes('[agent-track:')),
    );
    expect(cut.length).toBeGreaterThan(0);
    expect(run.context_cuts).toBeGreaterThan(0);
    // The answer was cut at its max_tokens; the billed total stays under the cap.
    expect(run.usage!.prompt).toBeLessThanOrEqual(cap.input);
    expect(run.usage!.completion).toBeLessThanOrEqual(cap.output);
    expect(run.outcome).toBe('answered');
    // The trajectory keeps what the server returned, whole: the cut is only in what the model saw.
    const events = readFileSync(join(out.path, 'tasks/t1/events.jsonl'), 'utf8');
    expect(events).not.toContain('[agent-track:');
  });

  test('a cap too small for the first prompt ends the rollout as budget_exhausted, no request sent', async () => {
    await using out = tempDir();
    await using model = await modelOn(scripted([SEARCH]));
    const run = await runTask(task('t1', 'How is the cart total computed?'), {
      out: out.path,
      provider: model.provider,
      model: 'scripted',
      server: fixtureServer('text-server.mjs'),
      system: 'You answer questions about code.',
      tokenCap: { input: 10, output: 100 },
    });
    expect(run.outcome).toBe('budget_exhausted');
    expect(model.endpoint.requests.filter((r) => r.index !== null)).toHaveLength(0);
  });
});

describe('a failed task says what it sent, so its booking can be settled', () => {
  test('a server that cannot start: requests 0 and zero usage on the failed line (a refund)', async () => {
    await using out = tempDir();
    await using model = await modelOn(scripted([SEARCH]));
    const summary = await runHarness({
      tasks: [task('t1', 'q')],
      out: out.path,
      model: opened(model),
      product: { ...PRODUCT, serverFor: () => fixtureServer('no-such-server.mjs') },
      workspaces: async () => ({ corpus: null, workspace: out.path }),
      attempts: 1,
    });
    expect(summary.failed).toBe(1);
    const line = JSON.parse(readFileSync(join(out.path, 'ledger.jsonl'), 'utf8').trim());
    expect(line).toMatchObject({
      status: 'failed',
      requests: 0,
      usage: { prompt: 0, completion: 0, messages: 0 },
    });
  });

  test('a server that dies after answered requests: their reported tokens on the failed line', async () => {
    await using out = tempDir();
    await using model = await modelOn(
      scripted([
        { ...SEARCH, usage: { prompt: 100, completion: 10 } },
        { ...SEARCH, usage: { prompt: 200, completion: 20 } },
      ]),
    );
    await runHarness({
      tasks: [task('t1', 'q')],
      out: out.path,
      model: opened(model),
      product: { ...PRODUCT, serverFor: () => fixtureServer('text-server.mjs', ['--crash-after', '1']) },
      workspaces: async () => ({ corpus: null, workspace: out.path }),
      attempts: 1,
    });
    const line = JSON.parse(readFileSync(join(out.path, 'ledger.jsonl'), 'utf8').trim());
    expect(line).toMatchObject({
      status: 'failed',
      requests: 2,
      usage: { prompt: 300, completion: 30, messages: 2 },
    });
  });
});
