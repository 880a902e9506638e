import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selfCommand } from '../../src/cli/self-command.js';
import { makeFilesystemProduct } from '../optimize/before-after/fs-product.js';
import { tempDir } from '../optimize/campaign/helpers.js';
import { cli } from './run-cli.js';

// The exit codes a script reads (README "Exit codes"), from the real CLI on a product whose server
// is the npm filesystem server (no build): 4 a finished run with too few pairs, 3 a ceiling stop
// with its partial report, 2 a ceiling below one rollout refused before anything runs.
const dir = tempDir();
let repo: string;
let few: Awaited<ReturnType<typeof cli>>;
// One finished run first: it builds both arms, and their measured tool listings are kept in the
// cache, so the plans below (which build nothing) price a rollout as the runs will.
beforeAll(async () => {
  repo = makeFilesystemProduct(dir.path);
  few = await run('few', '--confirm-spend');
}, 240_000);
afterAll(() => dir[Symbol.dispose]());

const run = (out: string, ...more: string[]) =>
  cli(
    'before-after',
    ...['--repo', repo, '--baseline', 'HEAD~1', '--candidate', 'HEAD', '--split', 'fixture-code/small_test'],
    ...['--limit', '2', '--cache-dir', join(dir.path, 'cache'), '--out', join(dir.path, out)],
    ...['--usd-per-1m-input', '1', '--usd-per-1m-output', '5'],
    ...more,
  );

// What one rollout is booked at in this plan (every arm's at the plan's bound).
function perRollout(out: string): number {
  const plan = JSON.parse(readFileSync(join(dir.path, out, 'plan.json'), 'utf8')) as {
    arms: { usd_per_rollout: number }[];
  };
  return Math.max(...plan.arms.map((arm) => arm.usd_per_rollout));
}

describe('before-after exit codes', () => {
  test('a finished run with 2 pairs, under the 5 a verdict needs, exits 4', async () => {
    const result = few;
    // Its records went to the run log in the cache directory; the product's checkout stays clean.
    const log = readFileSync(join(dir.path, 'cache', 'runs.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(log.map((line) => (JSON.parse(line) as { system: string }).system)).toEqual([
      'before-after',
      'before-after',
    ]);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: repo, encoding: 'utf8' })).toBe('');
    expect(result.stderr).toContain('agent-track: finished without a verdict: too few pairs');
    expect(result.code).toBe(4);
    expect(result.stdout).toContain('Inconclusive: 2 pair(s)');
  }, 240_000);

  test('a ceiling stop exits 3 with a partial report that says what is missing and draws no empty plot', async () => {
    const plan = await run('plan');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain(
      'tool descriptions 1,538 tokens (measured when this commit was last built)',
    );
    // One at a time, room for one rollout at the plan's bound: the first runs and settles at what it
    // used (well under the bound), the second's booking would cross the ceiling, so it and the rest never run.
    const bound = perRollout('plan');
    const ceiling = (1.05 * bound).toFixed(4);
    const result = await run('ceiling', '--confirm-spend', '--concurrency', '1', '--max-usd', ceiling);
    expect(result.stderr).toContain('agent-track: stopped by the ceiling (`--max-usd`): partial results in');
    expect(result.code).toBe(3);
    const report = readFileSync(join(dir.path, 'ceiling/report.md'), 'utf8');
    expect(report).toContain(
      '**Partial run:** 3 rollout(s) never ran (stopped by the ceiling or an interrupt) and 0 failed',
    );
    expect(readFileSync(join(dir.path, 'ceiling/campaign.log'), 'utf8')).toMatch(
      new RegExp(
        `stopped at the ceiling: candidate go-01 \\(\\$${bound.toFixed(4)}, its worst case\\) would take the booked \\$0\\.0\\d+ to \\$0\\.1\\d+, past \\$${ceiling}, with no rollout in flight`,
      ),
    );
    // No task finished on both arms: no pair, no plot, and the run says so.
    expect(result.stdout).toContain('plots: none drawn: no task finished on both arms');
    expect(existsSync(join(dir.path, 'ceiling/plots'))).toBe(false);
    // The resume (the ceiling lifted) runs in the worktrees the stopped run set up, and removes them
    // once it has finished.
    const resumed = await run('ceiling', '--confirm-spend', '--concurrency', '1');
    expect(resumed.code).toBe(4);
    expect(resumed.stdout.match(/; the worktree the stopped run set up, reused as it is/g)).toHaveLength(2);
    expect(existsSync(join(dir.path, 'ceiling/worktrees.json'))).toBe(false);
    expect(readFileSync(join(dir.path, 'ceiling/report.md'), 'utf8')).not.toContain('**Partial run:**');
  }, 240_000);

  test('a ceiling below one rollout is refused before anything runs: exit 2', async () => {
    await run('floor-plan');
    const ceiling = (0.5 * perRollout('floor-plan')).toFixed(4);
    const result = await run('floor', '--confirm-spend', '--max-usd', ceiling);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^agent-track: \`--max-usd ${Number(ceiling)}\` does not cover one rollout \\(\\$[\\d.]+ at the plan's bound\\)`,
      ),
    );
    expect(existsSync(join(dir.path, 'floor/arms'))).toBe(false);
    expect(existsSync(join(dir.path, 'floor/ledger.jsonl'))).toBe(false);
  }, 240_000);

  test('a paid run with a price unknown under a ceiling, or its key unset, is refused before either worktree is set up: exit 2', async () => {
    // `run` gives both prices; a plain cli call here leaves the output price out.
    const priced = await cli(
      'before-after',
      ...[
        '--repo',
        repo,
        '--baseline',
        'HEAD~1',
        '--candidate',
        'HEAD',
        '--split',
        'fixture-code/small_test',
      ],
      ...['--cache-dir', join(dir.path, 'cache'), '--out', join(dir.path, 'unpriced')],
      ...['--usd-per-1m-input', '1', '--confirm-spend', '--max-usd', '5'],
    );
    expect(priced.stderr).toContain(
      'agent-track: `--max-usd 5` cannot be enforced while a price is unknown: give `--usd-per-1m-output`',
    );
    expect(priced.code).toBe(2);
    expect(priced.stdout).not.toContain('a worktree at');
    const block = join(dir.path, 'keyed-block.yaml');
    writeFileSync(
      block,
      'provider: openai\nbase_url: http://127.0.0.1:9/v1\nauth: { env: AGENT_TRACK_UNSET_TEST_KEY }\n',
    );
    const keyless = await run('keyless', '--llm-block', block, '--model', 'some-model', '--confirm-spend');
    expect(keyless.stderr).toContain('the environment variable `AGENT_TRACK_UNSET_TEST_KEY` is not set');
    expect(keyless.code).toBe(2);
    expect(keyless.stdout).not.toContain('a worktree at');
  }, 240_000);

  test('an endpoint killed mid-campaign: paused, stopped with exit 3, nothing excluded; back on its port, the same command runs the rest', async () => {
    // A real endpoint process (the offline policy over HTTP), named by a block like a paid one.
    let endpoint = await startEndpoint('0');
    const port = new URL(endpoint.url).port;
    const block = join(dir.path, 'outage-block.yaml');
    writeFileSync(block, `provider: openai\nbase_url: ${endpoint.url}/v1\nmax_retries: 0\n`);
    // 2 tasks x 2 arms: one finishes, the endpoint dies, the next three fail and stop the campaign.
    const args = ['--concurrency', '1', '--llm-block', block, '--model', 'stand-in'];
    const ledger = join(dir.path, 'outage/ledger.jsonl');
    const lines = () => (existsSync(ledger) ? readFileSync(ledger, 'utf8').trim().split('\n').length : 0);
    const stopped = run('outage', '--confirm-spend', ...args);
    while (lines() < 1) await new Promise((wake) => setTimeout(wake, 20));
    endpoint.child.kill('SIGKILL');
    await once(endpoint.child, 'exit');
    const first = await stopped;
    expect(first.code).toBe(3);
    expect(first.stderr).toContain('agent-track: stopped');
    // The rollouts the outage failed are counted as not run; their partial directories are no
    // "refused trajectory".
    expect(first.stdout).not.toContain('refused trajectory');
    const log = readFileSync(join(dir.path, 'outage/campaign.log'), 'utf8');
    expect(log).toContain('no rollout starts for 1.0 s');
    expect(log).toContain('no rollout starts for 2.0 s');
    expect(log).toContain('stopped: the model endpoint failed 3 rollouts in a row');
    expect(log).not.toContain('excluded');
    const unrun = 4 - lines();
    // The endpoint is back where the block says: the same command runs what the outage left.
    endpoint = await startEndpoint(port);
    try {
      const again = await run('outage', '--confirm-spend', ...args);
      expect(again.code).toBe(4);
      expect(lines()).toBe(4);
      expect(readFileSync(join(dir.path, 'outage/campaign.log'), 'utf8')).toContain(
        `${unrun} rollout(s) an endpoint outage left unrun are run again`,
      );
    } finally {
      endpoint.child.kill('SIGTERM');
      await once(endpoint.child, 'exit');
    }
  }, 240_000);
});

// `agent-track endpoint --policy offline` as its own process; resolves with its URL.
async function startEndpoint(port: string) {
  const [node, ...argv] = selfCommand('endpoint', '--policy', 'offline', '--port', port);
  const child = spawn(node, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
  const [url] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, url };
}
