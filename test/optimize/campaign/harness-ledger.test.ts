import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openModel } from '../../../src/agent/harness/open-model.js';
import { runHarness } from '../../../src/agent/harness/run-harness.js';
import { campaignPaths } from '../../../src/optimize/campaign/campaign-dir.js';
import { finishedLines } from '../../../src/optimize/campaign/resume.js';
import { fixtureServer, PRODUCT } from '../../agent/harness/helpers.js';
import { tempDir } from '../../product/helpers/workspace.js';

test("the campaign reads the real harness's ledger: done lines are finished, failed lines are not", async () => {
  using dir = tempDir();
  const paths = campaignPaths(dir.path);
  const model = await openModel({ model: 'offline' });
  try {
    for (const [id, args] of [
      ['ok', []],
      ['crash', ['--crash-after', '1']],
    ] as const) {
      await runHarness({
        tasks: [{ id, question: 'How is the cart total computed?', gold: {} }],
        out: paths.arm('baseline'),
        model,
        attempts: 1,
        product: {
          ...PRODUCT,
          embedded: false,
          serverFor: () => fixtureServer('text-server.mjs', [...args]),
        },
        workspaces: async () => ({ workspace: dir.path, corpus: null }),
      });
    }
  } finally {
    await model.close();
  }
  const finished = finishedLines(paths, 'baseline');
  expect([...finished.keys()]).toEqual(['ok']);
  expect(finished.get('ok')?.outcome).toBe('answered');
  expect(join(paths.arm('baseline'), 'ledger.jsonl')).toBe(paths.armLedger('baseline'));
});
