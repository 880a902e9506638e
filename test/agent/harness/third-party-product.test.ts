import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { harnessRun } from '../../../src/agent/harness/harness-run.js';
import { readTasks } from '../../../src/retrieval/index.js';
import {
  loadToolRoles,
  readTrajectory,
  scorePath,
  type TrajectoryMetrics,
} from '../../../src/trajectory/index.js';
import { tempDir } from '../../product/helpers/workspace.js';

const REPO = join(import.meta.dirname, '../../..');
const MANIFEST = join(REPO, 'fixtures/products/filesystem/agent-track.product.yaml');
const corpus = (name: string) => ({ dir: join(REPO, 'fixtures/corpora', name) });

// Three fixture-code tasks against the real @modelcontextprotocol/server-filesystem, offline. The
// policy reads the server's schemas: search_files gets a glob of the question's words, then
// read_text_file reads what it named (most-matching path first), or the root is listed.
const TASKS = [
  // payme, clien, retry, charg, provi, unava: the glob names shop/payments/{__init__,gateway,retry}.py.
  {
    id: 'py-04',
    question: 'How does the payment client retry a charge when the provider is unavailable?',
    gold: { files: ['shop/payments/retry.py', 'shop/payments/gateway.py'] },
    corpus: corpus('py-shop'),
  },
  // No file is named like check/log/recor/compu (the answer is internal/crc/crc.go): nothing found.
  {
    id: 'go-04',
    question: 'How is the checksum of a log record computed?',
    gold: { files: ['internal/crc/crc.go'] },
    corpus: corpus('go-kv'),
  },
];

test('a third-party server as the product: {corpus} served, identifiers made relative, gold reached offline', async () => {
  using dir = tempDir();
  const tasks = join(dir.path, 'tasks.jsonl');
  writeFileSync(tasks, TASKS.map((task) => JSON.stringify(task)).join('\n'));
  const out = join(dir.path, 'run');
  const summary = await harnessRun({
    tasks,
    out,
    model: 'offline',
    product: join(REPO, 'fixtures/products/filesystem'),
    cacheDir: join(dir.path, 'cache'),
  });
  expect(summary).toMatchObject({ done: 2, failed: 0 });
  const byId = new Map((await readTasks(tasks)).map((task) => [task.id, task]));
  const scored = new Map<string, TrajectoryMetrics>();
  for await (const one of scorePath(out, { tasks: byId, roles: loadToolRoles(MANIFEST) })) {
    if (one.error !== undefined) throw one.error;
    scored.set(one.metrics.task_id, one.metrics);
  }
  const events = async (id: string) =>
    (await readTrajectory(join(out, 'tasks', id))).events.map((e) => [e.tool, e.identifiers]);
  // The server prints absolute paths; they are recorded relative to the corpus, as gold is written.
  // A read names the file and the lines it delivered (retry.py has 31), never the imports it mentions.
  expect(await events('py-04')).toEqual([
    ['search_files', ['shop/payments/__init__.py', 'shop/payments/gateway.py', 'shop/payments/retry.py']],
    ['read_text_file', ['shop/payments/retry.py', 'shop/payments/retry.py:1-31']],
    ['read_text_file', ['shop/payments/__init__.py', 'shop/payments/__init__.py:1-5']],
  ]);
  // The search found the gold at its first call; every call returned something new: needless 0.
  expect(scored.get('py-04')).toMatchObject({
    needle_reached: true,
    tool_calls_to_first_gold: 1,
    needless_call_rate: 0,
    zero_yield_rate: 0,
  });
  // The search found nothing (a search tool, so zero-yield), then the root was listed and the
  // README read, both returning content: 1 of 3 needless, the gold never reached.
  expect((await events('go-04')).map(([tool]) => tool)).toEqual([
    'search_files',
    'list_directory',
    'read_text_file',
  ]);
  expect(scored.get('go-04')).toMatchObject({
    needle_reached: false,
    tool_calls_to_first_gold: null,
    needless_call_rate: 1 / 3,
    zero_yield_rate: 1 / 3,
  });
});
