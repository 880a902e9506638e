import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runTask } from '../../../src/agent/harness/run-task.js';
import type { LlmBlock } from '../../../src/agent/llm/block-schema.js';
import type { Architecture } from '../../../src/agent/loop/architecture.js';
import { NEED_MORE_STEPS_REPLY } from '../../../src/agent/loop/outcome.js';
import { readTrajectory } from '../../../src/trajectory/index.js';
import { tempDir } from '../../product/helpers/workspace.js';
import { scripted } from '../endpoint-helpers.js';
import { fixtureServer, modelOn, task } from './helpers.js';

const SEARCH = { tool_calls: [{ name: 'search_codebase', arguments: { query: 'cart total' } }] };
const READ = { tool_calls: [{ name: 'read_file', arguments: { path: 'shop/cart.py' } }] };
const usage = (prompt: number, completion: number) => ({ usage: { prompt, completion } });

interface Scenario {
  turns: unknown[];
  turnBudget?: number;
  timeoutMs?: number;
  block?: Partial<LlmBlock>;
  architecture?: Architecture;
  serverArgs?: string[];
}

async function scenario(s: Scenario) {
  const out = tempDir();
  const model = await modelOn(scripted(s.turns), s.block);
  const run = runTask(task('t1', 'How is the cart total computed?'), {
    out: out.path,
    provider: model.provider,
    model: 'scripted',
    server: fixtureServer('text-server.mjs', s.serverArgs),
    system: 'You answer questions about code.',
    thinking: s.block?.params?.thinking?.enabled === true,
    ...(s.turnBudget === undefined ? {} : { turnBudget: s.turnBudget }),
    ...(s.timeoutMs === undefined ? {} : { timeoutMs: s.timeoutMs }),
    ...(s.architecture === undefined ? {} : { architecture: s.architecture }),
  });
  const completions = () => model.endpoint.requests.filter((r) => r.index !== null);
  return {
    run,
    completions,
    dir: join(out.path, 'tasks/t1'),
    [Symbol.asyncDispose]: async () => {
      await run.catch(() => {});
      await model[Symbol.asyncDispose]();
      out[Symbol.dispose]();
    },
  };
}

describe('every outcome is reached by a scripted endpoint over HTTP and a real stdio server', () => {
  test('answered: a search, then an answer; usage summed once per message', async () => {
    await using s = await scenario({
      turns: [
        { ...SEARCH, ...usage(100, 10) },
        { content: 'Cart.total in shop/cart.py:1-3', ...usage(150, 20) },
      ],
    });
    const run = await s.run;
    expect(run).toMatchObject({
      outcome: 'answered',
      answer: 'Cart.total in shop/cart.py:1-3',
      turns: 2,
      tool_calls: 1,
    });
    expect(run.usage).toEqual({
      prompt: 250,
      completion: 30,
      reasoning: null,
      cached: null,
      messages: 2,
      cost_usd: null,
      // A live run's usage is the model's messages, once per id: no per-model block to sum.
      source: 'messages',
      by_model: null,
    });
    const trajectory = await readTrajectory(s.dir);
    expect(trajectory.events[0]!.identifiers).toEqual(['shop/cart.py', 'shop/tax.py']);
    const first = trajectory.messages[0]!;
    expect(trajectory.turns).toEqual({ '0': { message_id: first.id, turn: 1 } });
    expect(trajectory.result).toMatchObject({
      outcome: 'answered',
      turns: 2,
      turn_budget: 12,
      timed_out: false,
    });
  });

  test('budget_exhausted: still calling tools at the budget, and the final tool-less turn gives no text', async () => {
    await using s = await scenario({ turnBudget: 2, turns: [SEARCH, READ, READ] });
    const run = await s.run;
    expect(run).toMatchObject({ outcome: 'budget_exhausted', answer: null, turns: 3, tool_calls: 2 });
    const choices = s.completions().map((r) => (r.body as { tool_choice?: unknown }).tool_choice);
    expect(choices).toEqual(['auto', 'auto', 'none']);
  });

  test('exhausted_finalized: the final tool-less turn answers', async () => {
    await using s = await scenario({
      turnBudget: 2,
      turns: [SEARCH, READ, { content: 'Best guess: shop/cart.py' }],
    });
    expect(await s.run).toMatchObject({
      outcome: 'exhausted_finalized',
      answer: 'Best guess: shop/cart.py',
      turns: 3,
    });
  });

  test("budget_exhausted: LangGraph's canned need-more-steps reply is never an answer", async () => {
    await using s = await scenario({ turns: [SEARCH, { content: NEED_MORE_STEPS_REPLY }] });
    expect(await s.run).toMatchObject({ outcome: 'budget_exhausted', answer: null, turns: 2 });
  });

  test('starved_reply: empty, cut at the token limit, thinking on', async () => {
    await using s = await scenario({
      block: { params: { thinking: { enabled: true } } },
      turns: [
        SEARCH,
        { content: '', finish_reason: 'length', usage: { prompt: 90, completion: 64, reasoning: 64 } },
      ],
    });
    const run = await s.run;
    expect(run).toMatchObject({ outcome: 'starved_reply', answer: null });
    expect(run.usage?.reasoning).toBe(64);
  });

  test('unanswered_empty: an empty reply that was not cut', async () => {
    await using s = await scenario({ turns: [SEARCH, { content: '', finish_reason: 'stop' }] });
    expect(await s.run).toMatchObject({ outcome: 'unanswered_empty', answer: null, turns: 2 });
  });

  test('timeout: the per-task timeout ends a slow run, and the trajectory is complete', async () => {
    await using s = await scenario({ timeoutMs: 400, turns: [SEARCH, { content: 'late', delay_ms: 3000 }] });
    // Not timed here (a loaded machine is slow): had the 400 ms limit not ended the run, the reply
    // 3 s later would have answered it ('late').
    const run = await s.run;
    expect(run).toMatchObject({ outcome: 'timeout', answer: null, turns: 1, tool_calls: 1 });
    expect((await readTrajectory(s.dir)).result.timed_out).toBe(true);
  });

  test('parallel calls in one message run together and are recorded in proposal order', async () => {
    await using s = await scenario({
      turns: [
        {
          tool_calls: [
            READ.tool_calls[0],
            { name: 'read_file', arguments: { path: 'shop/tax.py' } },
            SEARCH.tool_calls[0],
          ],
        },
        { content: 'done' },
      ],
    });
    await s.run;
    const trajectory = await readTrajectory(s.dir);
    expect(trajectory.events.map((e) => [e.seq, e.tool, e.args])).toEqual([
      [0, 'read_file', { path: 'shop/cart.py' }],
      [1, 'read_file', { path: 'shop/tax.py' }],
      [2, 'search_codebase', { query: 'cart total' }],
    ]);
    expect(new Set(Object.values(trajectory.turns).map((t) => t.turn))).toEqual(new Set([1]));
  });

  test('rewrite: a tool-less rewrite turn opens the run, and the loop starts from the rewritten question', async () => {
    await using s = await scenario({
      architecture: 'rewrite',
      turns: [{ content: 'Cart total price' }, SEARCH, { content: 'shop/cart.py' }],
    });
    expect(await s.run).toMatchObject({ outcome: 'answered', turns: 3, tool_calls: 1 });
    const [rewrite, loop] = s
      .completions()
      .map((r) => r.body as { tools?: unknown[]; messages: { role: string; content: string }[] });
    expect(rewrite!.tools ?? []).toEqual([]);
    expect(loop!.messages[1]!.content).toBe(
      'How is the cart total computed?\n\nSearch terms to start with: Cart total price',
    );
  });
});

describe('a rollout that fails throws and leaves its trajectory incomplete', () => {
  test('the server dies mid-run: MCP_SERVER_EXITED with its stderr tail', async () => {
    await using s = await scenario({
      serverArgs: ['--crash-after', '1'],
      turns: [SEARCH, READ, { content: 'x' }],
    });
    await expect(s.run).rejects.toMatchObject({ code: 'MCP_SERVER_EXITED' });
    await expect(s.run).rejects.toThrow('text-fixture: crashing at call 2 on purpose');
    expect(existsSync(join(s.dir, 'result.json'))).toBe(false);
    expect(readFileSync(join(s.dir, 'events.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
  });

  test('the endpoint answers 429, then succeeds: retried, and only the reply that arrived is billed', async () => {
    await using s = await scenario({
      turns: [{ error: { status: 429, message: 'slow down' } }, { content: 'shop/cart.py', ...usage(40, 5) }],
    });
    const run = await s.run;
    expect(run).toMatchObject({ outcome: 'answered', turns: 1 });
    expect(run.usage).toMatchObject({ prompt: 40, completion: 5, messages: 1 });
    expect(s.completions().map((r) => r.status)).toEqual([429, 200]);
  });

  test('the endpoint answers 401: fails at once with its message, no retry', async () => {
    await using s = await scenario({
      turns: [{ error: { status: 401, message: 'invalid api key' } }, { content: 'never' }],
    });
    await expect(s.run).rejects.toMatchObject({ code: 'LLM_REQUEST_FAILED' });
    await expect(s.run).rejects.toThrow('invalid api key');
    expect(s.completions()).toHaveLength(1);
    expect(existsSync(join(s.dir, 'result.json'))).toBe(false);
  });
});
