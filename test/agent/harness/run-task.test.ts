import { expect, test } from 'vitest';
import { runTask } from '../../../src/agent/harness/run-task.js';
import { readTrajectory } from '../../../src/trajectory/index.js';
import { indexedFixture, tempDir } from '../../retrieval/helpers/workspace.js';
import { modelOn, PRODUCT, task } from './helpers.js';

test('the offline policy answers a py-shop question through the reference server over stdio', async () => {
  using ws = indexedFixture('py-shop');
  using out = tempDir();
  await using model = await modelOn('offline');
  const run = await runTask(task('cart-total', 'How is the cart total computed?'), {
    out: out.path,
    provider: model.provider,
    model: 'offline',
    server: PRODUCT.serverFor(ws.workspace),
    system: PRODUCT.system,
  });
  expect(run.outcome).toBe('answered');
  const trajectory = await readTrajectory(run.dir);
  console.log(
    JSON.stringify(
      trajectory.events.map((e) => [
        e.tool,
        e.args,
        e.identifiers.slice(0, 3),
        e.rows?.length,
        e.duration_ms,
      ]),
      null,
      1,
    ),
  );
  console.log(run);
});
