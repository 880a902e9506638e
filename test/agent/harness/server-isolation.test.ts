import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openModel } from '../../../src/agent/harness/open-model.js';
import { runHarness } from '../../../src/agent/harness/run-harness.js';
import { createWorkspaceResolver } from '../../../src/agent/harness/task-workspace.js';
import type { AgentProduct } from '../../../src/agent/manifest/agent-product.js';
import { reusedServers } from '../../../src/agent/mcp/server-pool.js';
import { warmServers } from '../../../src/agent/mcp/warm-pool.js';
import { buildIndex } from '../../../src/product/index-build/build-index.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { readTrajectories } from '../../../src/trajectory/index.js';
import { tempDir } from '../../product/helpers/workspace.js';
import { fixtureServer, PRODUCT, task } from './helpers.js';

const ROOT = join(import.meta.dirname, '../../..');
const TASKS = ['cart total', 'tax rate', 'payment retry', 'order status', 'refund'].map((topic, i) =>
  task(`t${i}`, `How does the shop handle the ${topic}?`),
);

/** What each rollout's tool calls returned, by task: the text the server sent back. */
async function results(out: string): Promise<Map<string, string[]>> {
  const byTask = new Map<string, string[]>();
  for await (const read of readTrajectories(out)) {
    if (read.error !== undefined) throw read.error;
    const texts = read.trajectory.events.map((event) => readFileSync(join(out, 'blobs', event.blob), 'utf8'));
    byTask.set(read.trajectory.task_id, texts);
  }
  return byTask;
}

describe('servers and rollouts: isolated unless the manifest says the server keeps no state', () => {
  test('by default each rollout gets its own server process (started ahead), never one another used', async () => {
    using dir = tempDir();
    const model = await openModel({ model: 'offline' });
    // The text fixture says which process served each call; its manifest says `isolation: task`.
    const product: AgentProduct = {
      ...PRODUCT,
      embedded: false,
      product: { ...PRODUCT.product, manifest: { ...PRODUCT.product.manifest, isolation: 'task' } },
      serverFor: () => fixtureServer('text-server.mjs'),
    };
    const summary = await runHarness({
      tasks: TASKS,
      out: dir.path,
      model,
      product,
      concurrency: 2,
      workspaces: async () => ({ workspace: null, corpus: null }),
    });
    await model.close();
    expect(summary.done).toBe(5);
    const pids = [...(await results(dir.path)).values()].map((texts) => {
      const served = new Set(texts.flatMap((text) => /served by pid (\d+)/.exec(text)?.[1] ?? []));
      expect(served.size).toBe(1);
      return [...served][0];
    });
    expect(new Set(pids).size).toBe(5);
  });

  test('the reference server, reused (its manifest says isolation: corpus), returns what a fresh one returns', async () => {
    using dir = tempDir();
    const config = parseServingConfig([]);
    const workspace = join(dir.path, 'ws');
    buildIndex({ corpus: join(ROOT, 'fixtures/corpora/py-shop'), out: workspace, config });
    const model = await openModel({ model: 'offline' });
    const run = async (name: string, reuseServers: boolean, order: typeof TASKS) => {
      const out = join(dir.path, name);
      await runHarness({
        tasks: order,
        out,
        model,
        product: PRODUCT,
        reuseServers,
        workspaces: createWorkspaceResolver({ config, cacheDir: dir.path, reposDir: dir.path, workspace }),
      });
      return results(out);
    };
    try {
      expect(PRODUCT.product.manifest.isolation).toBe('corpus');
      const fresh = await run('fresh', false, TASKS);
      // One server serves all five in turn, in the reverse order: every result is byte-identical.
      const reused = await run('reused', true, [...TASKS].reverse());
      expect(reused).toEqual(fresh);
      expect([...fresh.values()].flat().length).toBeGreaterThanOrEqual(5);
    } finally {
      await model.close();
    }
  });
});

describe('warmServers', () => {
  test('starts spares ahead, hands each out once, and never starts more than the total', async () => {
    using dir = tempDir();
    const log = join(dir.path, 'started.log');
    const spec = fixtureServer('text-server.mjs', ['--started-log', log]);
    const servers = warmServers({ spares: 2, total: 3 });
    const started = () => readFileSync(log, 'utf8').trim().split('\n');
    const first = await servers.acquire(spec);
    const second = await servers.acquire(spec);
    const third = await servers.acquire(spec);
    expect(new Set([first, second, third]).size).toBe(3);
    for (const session of [first, second, third]) await servers.release(session, true);
    await servers.close();
    expect(started()).toHaveLength(3);
    expect(new Set(started()).size).toBe(3);
  });
});

describe('reusedServers', () => {
  test('an isolation: corpus server serves up to perServer rollouts at once; an unclean end retires it', async () => {
    using dir = tempDir();
    const log = join(dir.path, 'started.log');
    const spec = fixtureServer('text-server.mjs', ['--started-log', log]);
    const servers = reusedServers({ perServer: 2 });
    const started = () => readFileSync(log, 'utf8').trim().split('\n').length;
    const [a, b, c] = await Promise.all([
      servers.acquire(spec),
      servers.acquire(spec),
      servers.acquire(spec),
    ]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(started()).toBe(2);
    // Both serve calls at once.
    const [ra, rb] = await Promise.all([
      a.call('search_codebase', { query: 'one' }),
      b.call('search_codebase', { query: 'two' }),
    ]);
    expect(JSON.stringify(ra)).toContain('query was \\"one\\"');
    expect(JSON.stringify(rb)).toContain('query was \\"two\\"');
    // A timed-out rollout retires its server: the other rollout on it goes on; nothing new is given it.
    await servers.release(a, false);
    expect(b.alive).toBe(true);
    const d = await servers.acquire(spec);
    expect(d).toBe(c);
    await servers.release(b, true);
    expect(b.alive).toBe(false);
    for (const session of [c, d]) await servers.release(session, true);
    await servers.close();
    expect(c.alive).toBe(false);
  });

  test('maxIdle: past the bound the server idle longest stops; one in use or just reused is kept', async () => {
    using dir = tempDir();
    const log = join(dir.path, 'started.log');
    // Three specs (three candidates' servers), one server each.
    const [x, y, z] = ['x', 'y', 'z'].map((name) =>
      fixtureServer('text-server.mjs', ['--started-log', log, '--name', name]),
    );
    const servers = reusedServers({ maxIdle: 2 });
    const started = () => readFileSync(log, 'utf8').trim().split('\n').length;
    const sx = await servers.acquire(x!);
    const sy = await servers.acquire(y!);
    await servers.release(sx, true);
    await servers.release(sy, true);
    // x and y idle (two, the bound): both kept; x is handed out again, so y is now idle longest.
    expect(await servers.acquire(x!)).toBe(sx);
    const sz = await servers.acquire(z!);
    await servers.release(sx, true);
    await servers.release(sz, true);
    // y, x, z idle: one past the bound, so y stops; x and z stay and are reused.
    expect(sy.alive).toBe(false);
    expect([sx.alive, sz.alive]).toEqual([true, true]);
    expect(await servers.acquire(z!)).toBe(sz);
    expect(await servers.acquire(x!)).toBe(sx);
    expect(started()).toBe(3);
    // y is started anew when asked for again.
    const again = await servers.acquire(y!);
    expect(again).not.toBe(sy);
    expect(started()).toBe(4);
    for (const session of [sx, sz, again]) await servers.release(session, true);
    await servers.close();
    expect([sx.alive, sz.alive, again.alive]).toEqual([false, false, false]);
  });
});
