import { expect, test } from 'vitest';
import { runTask } from '../../../src/agent/harness/run-task.js';
import { OFFLINE_LABEL } from '../../../src/agent/index.js';
import { readTrajectory } from '../../../src/trajectory/index.js';
import { indexedFixture, tempDir } from '../../product/helpers/workspace.js';
import { modelOn, PRODUCT, task } from './helpers.js';

test('the offline policy answers a py-shop question through the reference server over stdio', async () => {
  using ws = indexedFixture('py-shop');
  using out = tempDir();
  await using model = await modelOn('offline');
  const run = await runTask(task('cart-total', 'How is the cart total computed?'), {
    out: out.path,
    provider: model.provider,
    model: 'offline',
    server: PRODUCT.serverFor({ workspace: ws.workspace, corpus: null }),
    system: PRODUCT.system,
  });
  expect(run).toMatchObject({ outcome: 'answered', turns: 3, tool_calls: 2 });
  expect(run.answer?.startsWith(OFFLINE_LABEL)).toBe(true);
  const trajectory = await readTrajectory(run.dir);
  // Search, then the pointer the server offered, followed as printed (`together: → get_symbols(...)`
  // on the search); the signatures name the question's words, and the usage skill says to answer
  // when the evidence is in, so the third turn answers.
  expect(trajectory.events.map((e) => [e.tool, e.args])).toEqual([
    ['search_codebase', { query: 'How is the cart total computed?' }],
    [
      'get_symbols',
      // The top rows' symbols: the cart, then the code that totals an order (tests rank under source).
      { targets: ['shop.cart.Cart.total_cents', 'shop.orders.place_order', 'shop.cli.main'] },
    ],
  ]);
  expect(trajectory.events[0]!.rows?.[0]?.path).toBe('shop/cart.py');
  expect(Object.values(trajectory.turns).map((t) => t.turn)).toEqual([1, 2]);
  // The system prompt the endpoint saw is the product's ask prompt and usage skill.
  const first = model.endpoint.requests.find((r) => r.index === 0)!.body as {
    messages: { content: string }[];
  };
  expect(first.messages[0]!.content).toBe(PRODUCT.system);
  expect(PRODUCT.system).toContain('# Using the code-search tools');
});
