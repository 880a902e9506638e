import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOfflinePolicy } from '../../../src/agent/endpoint/offline-policy.js';
import { type RunningEndpoint, startEndpoint } from '../../../src/agent/endpoint/start-endpoint.js';
import { runArmProcess } from '../../../src/optimize/campaign/arms/arm-process.js';
import { openArmRunners } from '../../../src/optimize/campaign/arms/arm-runner.js';
import { buildIndex } from '../../../src/product/index-build/build-index.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { fixtureServerScript } from '../../setup/fixture-bundles.js';
import { FIXTURES, tempDir } from './helpers.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const HARNESS = [process.execPath, join(ROOT, 'dist/cli/bin.js'), 'harness'];
const scratch = tempDir('agent-track-arm-runner-');
const workspace = join(scratch.path, 'ws');
let slow: RunningEndpoint;

beforeAll(async () => {
  buildIndex({
    corpus: join(ROOT, 'fixtures/corpora/py-shop'),
    out: workspace,
    config: parseServingConfig([]),
  });
  // Every model reply waits 1.5 s: a rollout is still running when the test kills its runner.
  slow = await startEndpoint({ policy: createOfflinePolicy({ delayMs: 1500 }) });
}, 60_000);
afterAll(async () => {
  await slow.close();
  scratch[Symbol.dispose]();
});

function tasksFile(name: string, id: string): string {
  const file = join(scratch.path, `${name}.jsonl`);
  writeFileSync(
    file,
    `${JSON.stringify({ id, question: 'Where is the cart total computed?', gold: { files: ['shop/cart.py'] } })}\n`,
  );
  return file;
}

const rollout = (argv: readonly string[]) => ({
  worktree: ROOT,
  harness: HARNESS,
  argv: [...HARNESS, 'run', ...argv],
  env: { AGENT_TRACK_CONFIRM_SPEND: '1' },
  timeoutMs: null,
});

describe('harness runners', () => {
  test('a refused rollout ends as its child would: the same exception, the same stderr', async () => {
    const runners = openArmRunners();
    try {
      const args = [
        '--tasks',
        join(scratch.path, 'missing.jsonl'),
        '--out',
        join(scratch.path, 'r0'),
        '--model',
        'offline',
      ];
      const onRunner = await runners.run(rollout(args));
      const asChild = await runArmProcess(rollout(args));
      expect(asChild.exitCode).toBe(2);
      expect(onRunner.exitCode).toBe(2);
      expect(onRunner.exception).toEqual(asChild.exception);
      expect(onRunner.exception?.message).toContain('missing.jsonl');
      expect(onRunner.stderrTail).toBe(asChild.stderrTail);
    } finally {
      await runners.close();
    }
  }, 60_000);

  test('rollouts share one runner process; two in flight both finish with their ledger lines', async () => {
    const runners = openArmRunners();
    try {
      const out = join(scratch.path, 'shared');
      const common = ['--out', out, '--model', 'offline', '--workspace', workspace, '--attempts', '1'];
      const [a, b] = await Promise.all([
        runners.run(rollout(['--tasks', tasksFile('a', 'a1'), ...common])),
        runners.run(rollout(['--tasks', tasksFile('b', 'b1'), ...common])),
      ]);
      expect([a.exception, b.exception]).toEqual([null, null]);
      const ledger = readFileSync(join(out, 'ledger.jsonl'), 'utf8').trim().split('\n');
      expect(ledger.map((line) => JSON.parse(line).task_id).sort()).toEqual(['a1', 'b1']);
      expect(existsSync(join(out, 'tasks', 'a1', 'events.jsonl'))).toBe(true);
      // One runner served both: one `harness runner` process in this worktree, none left after close.
      expect(runnerPids()).toHaveLength(1);
    } finally {
      await runners.close();
    }
    expect(runnerPids()).toHaveLength(0);
  }, 60_000);

  test('a runner killed mid-rollout fails that rollout only; the next starts a new runner', async () => {
    const runners = openArmRunners();
    try {
      const out = join(scratch.path, 'killed');
      const slowArgs = [
        '--out',
        out,
        '--model',
        'offline',
        '--endpoint-url',
        slow.openaiBaseUrl,
        '--workspace',
        workspace,
        '--attempts',
        '1',
      ];
      const running = runners.run(rollout(['--tasks', tasksFile('k', 'k1'), ...slowArgs]));
      // Killed once the rollout is under way on it: its trajectory directory exists, no ledger line yet.
      for (let i = 0; i < 400 && !existsSync(join(out, 'tasks', 'k1')); i++) {
        await new Promise((done) => setTimeout(done, 50));
      }
      const pids = runnerPids();
      expect(pids).toHaveLength(1);
      process.kill(pids[0]!, 'SIGKILL');
      const killed = await running;
      expect(killed.exception?.type).toBe('HarnessKilled');
      expect(killed.exception?.message).toMatch(/^killed by SIGKILL/);
      expect(
        existsSync(join(out, 'ledger.jsonl')) ? readFileSync(join(out, 'ledger.jsonl'), 'utf8') : '',
      ).toBe('');

      const next = await runners.run(
        rollout([
          '--tasks',
          tasksFile('n', 'n1'),
          '--out',
          out,
          '--model',
          'offline',
          '--workspace',
          workspace,
        ]),
      );
      expect(next.exception).toBeNull();
      expect(runnerPids()).not.toContain(pids[0]);
    } finally {
      await runners.close();
    }
  }, 60_000);

  test.each([
    ['task', 3],
    ['corpus', 1],
  ] as const)(
    "isolation: %s: a stateful server across a runner's rollouts is fresh each time, or one (%i pids)",
    async (isolation, pids) => {
      const product = join(scratch.path, `stateful-${isolation}`);
      mkdirSync(product);
      writeFileSync(
        join(product, 'agent-track.product.yaml'),
        `name: stateful\nserve: [node, ${JSON.stringify(fixtureServerScript(join(ROOT, 'test/agent/fixtures/text-server.mjs')))}]\nartifacts: { ask_prompt: ask.md, usage_skill: skill.md }\nisolation: ${isolation}\n`,
      );
      writeFileSync(join(product, 'ask.md'), 'Answer from the code.\n');
      writeFileSync(join(product, 'skill.md'), 'Search, then read.\n');
      const out = join(scratch.path, `served-${isolation}`);
      const runners = openArmRunners();
      try {
        for (const id of ['s1', 's2', 's3']) {
          const args = ['--tasks', tasksFile(`${isolation}-${id}`, id), '--out', out, '--model', 'offline'];
          const result = await runners.run(
            rollout([...args, '--product', product, '--workspace', workspace]),
          );
          expect(result.exception).toBeNull();
        }
      } finally {
        await runners.close();
      }
      // Which server process answered each rollout's calls: the text server says so in every result.
      const served = ['s1', 's2', 's3'].map((id) => {
        const events = readFileSync(join(out, 'tasks', id, 'events.jsonl'), 'utf8')
          .trim()
          .split('\n');
        const texts = events.map((line) => readFileSync(join(out, 'blobs', JSON.parse(line).blob), 'utf8'));
        return new Set(texts.flatMap((text) => /served by pid (\d+)/.exec(text)?.[1] ?? []));
      });
      for (const pidsOfOne of served) expect(pidsOfOne.size).toBe(1);
      expect(new Set(served.flatMap((set) => [...set])).size).toBe(pids);
    },
    60_000,
  );

  test('a harness that has no runner runs each rollout as a child, as before', async () => {
    const runners = openArmRunners();
    try {
      const harness = [process.execPath, join(FIXTURES, 'harness.mjs')];
      const result = await runners.run({
        worktree: ROOT,
        harness,
        argv: [...harness, 'run', '--tasks', join(scratch.path, 'none.jsonl')],
        env: {},
        timeoutMs: null,
      });
      const asChild = await runArmProcess({
        worktree: ROOT,
        argv: [...harness, 'run', '--tasks', join(scratch.path, 'none.jsonl')],
        env: {},
        timeoutMs: null,
      });
      expect(result.exception).toEqual(asChild.exception);
      expect(result.exitCode).toBe(asChild.exitCode);
    } finally {
      await runners.close();
    }
  }, 60_000);
});

// The `harness runner` processes this file starts: this checkout's build, run in the checkout
// itself (other files' runners run in their arms' worktrees).
// The `harness runner` processes this test process started (another test file's, running beside
// it in the pool, are not its).
function runnerPids(): number[] {
  const lines = execFileSync('ps', ['-eo', 'pid,ppid,args'], { encoding: 'utf8' }).split('\n');
  return lines
    .filter((line) => line.includes(join(ROOT, 'dist/cli/bin.js')) && line.trim().endsWith('harness runner'))
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([, ppid]) => ppid === process.pid)
    .map(([pid]) => pid!);
}
