import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { harnessRun } from '../../../src/agent/harness/harness-run.js';
import { readLedger } from '../../../src/agent/harness/ledger.js';
import { openModel } from '../../../src/agent/harness/open-model.js';
import { runHarness } from '../../../src/agent/harness/run-harness.js';
import { createWorkspaceResolver } from '../../../src/agent/harness/task-workspace.js';
import type { AgentProduct } from '../../../src/agent/manifest/agent-product.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import type { Task } from '../../../src/retrieval/task/schema.js';
import { scorePath } from '../../../src/trajectory/index.js';
import { CORPORA, tempDir } from '../../product/helpers/workspace.js';
import { scripted } from '../endpoint-helpers.js';
import { fixtureServer, modelOn, PRODUCT } from './helpers.js';

const PY_SHOP = { dir: join(CORPORA, 'py-shop') };
const TASKS: Task[] = [
  {
    id: 'cart',
    question: 'How is the cart total computed?',
    gold: { files: ['shop/cart.py'] },
    corpus: PY_SHOP,
  },
  {
    id: 'retry',
    question: 'How are payments retried?',
    gold: { files: ['shop/payments/retry.py'] },
    corpus: PY_SHOP,
  },
  {
    id: 'tax/rate',
    question: 'Where is the tax rate?',
    gold: { files: ['shop/pricing.py'] },
    corpus: PY_SHOP,
  },
];

function tasksFile(dir: string, tasks: readonly Task[]): string {
  const file = join(dir, 'tasks.jsonl');
  writeFileSync(file, tasks.map((t) => JSON.stringify(t)).join('\n'));
  return file;
}

test('harness run: offline policy, reference server, concurrency 2; a ledger line per task, scorable, resumable', async () => {
  using dir = tempDir();
  const out = join(dir.path, 'out');
  const options = {
    tasks: tasksFile(dir.path, TASKS),
    out,
    model: 'offline',
    concurrency: 2,
    cacheDir: join(dir.path, 'cache'),
  };
  const summary = await harnessRun(options);
  expect(summary).toMatchObject({ total: 3, skipped: 0, done: 3, failed: 0 });
  expect(summary.outcomes.answered).toBe(3);
  const ledger = readLedger(join(out, 'ledger.jsonl'));
  expect([...ledger.keys()].sort()).toEqual(['cart', 'retry', 'tax/rate']);
  const cart = ledger.get('cart')!;
  // The offline stand-in: a search, then the pointer it offered; that result names the question's
  // words and the usage skill says to answer once the evidence is in, so the third turn answers.
  expect(cart).toMatchObject({
    status: 'done',
    outcome: 'answered',
    attempts: 1,
    turns: 3,
    tool_calls: 2,
    error: null,
  });
  expect(cart.trajectory).toBe('tasks/cart');
  expect(ledger.get('tax/rate')!.trajectory).toBe('tasks/tax%2Frate');
  expect(cart.usage?.messages).toBe(3);
  expect(cart.description_tokens).toBeGreaterThan(0);

  const scored = [];
  for await (const item of scorePath(out, { tasks: new Map(TASKS.map((t) => [t.id, t])) })) scored.push(item);
  expect(scored.filter((s) => s.error)).toEqual([]);
  const cartMetrics = scored.find((s) => s.metrics?.task_id === 'cart')!.metrics!;
  expect(cartMetrics.outcome).toBe('answered');
  expect(cartMetrics.tool_calls_total).toBe(2);
  expect(cartMetrics.needle_reached).toBe(true);
  expect(cartMetrics.tool_calls_to_first_gold).toBe(1);
  expect(cartMetrics.usage).toMatchObject({ prompt: cart.usage!.prompt, completion: cart.usage!.completion });

  // A kill mid-append leaves a torn line: it is cut, and the re-run skips everything done.
  appendFileSync(join(out, 'ledger.jsonl'), '{"task_id": "cart", "sta');
  const again = await harnessRun(options);
  expect(again).toMatchObject({ total: 3, skipped: 3, done: 0, failed: 0 });
  expect(readFileSync(join(out, 'ledger.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
}, 60_000);

function productWith(server: ReturnType<typeof fixtureServer>): AgentProduct {
  return { ...PRODUCT, embedded: false, serverFor: () => server };
}

test('a failing rollout is retried once, then recorded as failed with its type and message; --retry-failed runs it again', async () => {
  using dir = tempDir();
  const model = await openModel({ model: 'offline' });
  const base = {
    out: dir.path,
    model,
    workspaces: createWorkspaceResolver({
      config: parseServingConfig([]),
      cacheDir: join(dir.path, 'cache'),
      reposDir: dir.path,
      workspace: dir.path,
    }),
  };
  try {
    const tasks: Task[] = [
      { id: 'crash', question: 'How is the cart total computed?', gold: { files: ['shop/cart.py'] } },
    ];
    const crashing = await runHarness({
      ...base,
      tasks,
      product: productWith(fixtureServer('text-server.mjs', ['--crash-after', '1'])),
    });
    expect(crashing).toMatchObject({ done: 0, failed: 1 });
    const failed = readLedger(join(dir.path, 'ledger.jsonl')).get('crash')!;
    // Both attempts sent two requests, both answered: the failed line says what they used.
    expect(failed).toMatchObject({ status: 'failed', outcome: null, attempts: 2, requests: 4, turns: null });
    expect(failed.usage?.messages).toBe(4);
    expect(failed.error?.type).toBe('MCP_SERVER_EXITED');
    expect(failed.error?.message).toContain('text-fixture: crashing at call 2 on purpose');

    const healthy = productWith(fixtureServer('text-server.mjs'));
    expect(await runHarness({ ...base, tasks, product: healthy })).toMatchObject({ skipped: 1, done: 0 });
    expect(await runHarness({ ...base, tasks, product: healthy, retryFailed: true })).toMatchObject({
      done: 1,
    });
    expect(readLedger(join(dir.path, 'ledger.jsonl')).get('crash')).toMatchObject({
      status: 'done',
      outcome: 'answered',
    });
  } finally {
    await model.close();
  }
});

test('errors a retry cannot fix are recorded after one attempt: a 401, a task with no workspace', async () => {
  using dir = tempDir();
  await using endpoint = await modelOn(scripted([{ error: { status: 401, message: 'invalid api key' } }]));
  const model = await openModel({
    model: 'm',
    block: endpoint.block,
    provider: { env: { AGENT_TRACK_TEST_KEY: 'sk-test-401' } },
  });
  const summary = await runHarness({
    tasks: [
      { id: 'denied', question: 'q', gold: {}, corpus: PY_SHOP },
      { id: 'nowhere', question: 'q', gold: {} },
    ],
    out: dir.path,
    model,
    product: productWith(fixtureServer('text-server.mjs')),
    workspaces: createWorkspaceResolver({
      config: parseServingConfig([]),
      cacheDir: join(dir.path, 'cache'),
      reposDir: dir.path,
    }),
  });
  expect(summary).toMatchObject({ done: 0, failed: 2 });
  const ledger = readLedger(join(dir.path, 'ledger.jsonl'));
  expect(ledger.get('denied')).toMatchObject({ attempts: 1, error: { type: 'LLM_REQUEST_FAILED' } });
  expect(ledger.get('denied')!.error!.message).toContain('invalid api key');
  expect(ledger.get('nowhere')).toMatchObject({
    attempts: 1,
    error: {
      type: 'NO_WORKSPACE',
      message: 'Task `nowhere` names no corpus and no `--workspace` was given to search',
    },
  });
});

test('model settings in the environment, or a model with no block, are refused before anything runs', async () => {
  using dir = tempDir();
  const tasks = tasksFile(dir.path, TASKS);
  await expect(
    harnessRun({ tasks, out: dir.path, model: 'offline', env: { OPENAI_TEMPERATURE: '0.7' } }),
  ).rejects.toMatchObject({ code: 'MODEL_SETTINGS_OUTSIDE_BLOCK' });
  await expect(harnessRun({ tasks, out: dir.path, model: 'gpt-4.1-mini', env: {} })).rejects.toThrow(
    'The model `gpt-4.1-mini` needs an LLM block (`--llm-block FILE`)',
  );
});

test("--reuse-servers: a finished task's server serves the next; a fresh server per task otherwise", async () => {
  using dir = tempDir();
  const model = await openModel({ model: 'offline', offline: { maxCalls: 1 } });
  const tasks: Task[] = ['a', 'b', 'c'].map((id) => ({ id, question: `question ${id}`, gold: {} }));
  const pids = async (out: string) => {
    const found: string[] = [];
    for (const id of ['a', 'b', 'c']) {
      const events = readFileSync(join(out, 'tasks', id, 'events.jsonl'), 'utf8');
      found.push(/served by pid (\d+)/.exec(events)![1]!);
    }
    return found;
  };
  try {
    for (const reuseServers of [true, false]) {
      const out = join(dir.path, String(reuseServers));
      const summary = await runHarness({
        tasks,
        out,
        model,
        reuseServers,
        product: productWith(fixtureServer('text-server.mjs')),
        workspaces: async () => ({ workspace: dir.path, corpus: null }),
      });
      expect(summary.done).toBe(3);
      expect(new Set(await pids(out)).size).toBe(reuseServers ? 1 : 3);
    }
  } finally {
    await model.close();
  }
});
