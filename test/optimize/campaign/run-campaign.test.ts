import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCampaign } from '../../../src/optimize/before-after/run-campaign.js';
import type { LedgerLine, QueueLine } from '../../../src/optimize/campaign/schema.js';
import type { SpendLine } from '../../../src/optimize/campaign/spend/spend-ledger.js';
import { FAKE_KEY, fixtureCampaign } from './campaign-helpers.js';
import { filesUnder, fixtureTasks, linkedWorktrees, readLines, tempDir } from './helpers.js';

const lastState = (file: string) => {
  const states = new Map<string, QueueLine>();
  for (const line of readLines(file) as QueueLine[]) states.set(`${line.arm}/${line.task_id}`, line);
  return states;
};

describe('runCampaign', () => {
  test('a plan-only invocation starts no process, adds no worktree and writes nothing', async () => {
    using dir = tempDir();
    const { repo, run, startedLog } = await fixtureCampaign(dir.path, { tasks: fixtureTasks({ t1: 'ok' }) });
    await expect(runCampaign({ ...run, confirmSpend: false })).rejects.toMatchObject({
      code: 'SPEND_NOT_CONFIRMED',
      message: 'Nothing that costs money runs without `--confirm-spend`: this plan estimates $0.2000',
    });
    expect(existsSync(startedLog)).toBe(false);
    expect(existsSync(run.dir)).toBe(false);
    expect(existsSync(run.worktreesDir!)).toBe(false);
    expect(linkedWorktrees(repo)).toEqual([]);
  });

  test('an unknown price with a ceiling fails closed before anything starts', async () => {
    using dir = tempDir();
    const { run, startedLog } = await fixtureCampaign(dir.path, {
      tasks: fixtureTasks({ t1: 'ok' }),
      usdPerRollout: null,
    });
    await expect(runCampaign({ ...run, maxUsd: 1 })).rejects.toMatchObject({
      code: 'SPEND_PRICE_UNKNOWN',
      message:
        '`--max-usd 1` cannot be enforced while a price is unknown: give `--usd-per-1m-input`, `--usd-per-1m-output`',
    });
    expect(existsSync(startedLog)).toBe(false);
    expect(existsSync(run.dir)).toBe(false);
  });

  test('runs each arm with its own harness; retries once, then excludes with the exception; removes worktrees', async () => {
    using dir = tempDir();
    const tasks = fixtureTasks({ t1: 'ok', t2: 'crash', t3: 'crash-once', t4: 'leak-key' });
    const { repo, shas, run, startedLog } = await fixtureCampaign(dir.path, { tasks });
    const result = await runCampaign({ ...run, concurrency: 3 });

    expect(result.blockVerdicts.map((verdict) => verdict.line)).toEqual([
      `baseline (${shas[0]!.slice(0, 12)}): accepts the block`,
      `candidate (${shas[1]!.slice(0, 12)}): accepts the block`,
    ]);
    expect(result.run.stoppedBy).toBeNull();
    expect(result.run.arms).toEqual([
      { arm: 'baseline', total: 4, skipped: 0, finished: 2, excluded: 2, notRun: 0 },
      { arm: 'candidate', total: 4, skipped: 0, finished: 2, excluded: 2, notRun: 0 },
    ]);
    // 4 tasks x 2 arms, t2 and t4 twice each, t3 twice: 14 rollouts at $0.1.
    expect(result.run.bookedUsd).toBeCloseTo(1.4, 12);

    const ledger = readLines(join(run.dir, 'ledger.jsonl')) as LedgerLine[];
    expect(
      ledger.map((line) => `${line.arm}/${line.task_id}/${line.outcome}/${line.attempts}`).sort(),
    ).toEqual([
      'baseline/t1/budget_exhausted/1',
      'baseline/t3/budget_exhausted/2',
      'candidate/t1/answered/1',
      'candidate/t3/answered/2',
    ]);
    expect(ledger.find((line) => line.arm === 'candidate')?.commit).toBe(shas[1]);
    expect(ledger.find((line) => line.task_id === 't3')?.booked_usd).toBeCloseTo(0.2, 12);

    const states = lastState(join(run.dir, 'queue.jsonl'));
    expect(states.get('baseline/t2')).toMatchObject({
      status: 'excluded',
      attempts: 2,
      exception: { type: 'TypeError', message: 'fixture crash on t2' },
    });
    expect(states.get('candidate/t4')).toMatchObject({
      status: 'excluded',
      exception: { type: 'HarnessExit', message: 'exit code 3: request failed with key ***' },
    });
    expect(states.get('candidate/t3')).toMatchObject({ status: 'finished', attempts: 2, exception: null });
    const log = readFileSync(join(run.dir, 'campaign.log'), 'utf8');
    expect(log).toContain('baseline t2 excluded: TypeError: fixture crash on t2');
    expect(log).toContain('candidate t3 failed, retrying: RangeError: first attempt of t3 fails');

    // Each arm ran its own commit's harness, in its own worktree, first on its PATH.
    const runs = readFileSync(startedLog, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('run\t'));
    for (const line of runs) {
      const [, name, , , cwd, firstPath] = line.split('\t');
      const arm = name === 'Baseline docs' ? 'baseline' : 'candidate';
      expect(cwd).toBe(join(run.worktreesDir!, arm));
      expect(firstPath).toBe(join(run.worktreesDir!, arm, 'node_modules/.bin'));
    }
    expect(readdirSync(join(run.dir, 'arms/candidate/tasks')).sort()).toEqual(['t1', 't2', 't3', 't4']);

    expect(linkedWorktrees(repo)).toEqual([]);
    expect(existsSync(join(run.worktreesDir!, 'baseline'))).toBe(false);
    for (const file of filesUnder(run.dir)) expect(readFileSync(file, 'utf8')).not.toContain(FAKE_KEY);

    // A second run does not run the two excluded rollouts again, and says so.
    const again = await runCampaign(run);
    expect(again.run.arms.map((arm) => arm.excluded)).toEqual([2, 2]);
    expect(readFileSync(join(run.dir, 'campaign.log'), 'utf8')).toContain(
      '4 rollout(s) an earlier run excluded (they failed twice, named in queue.jsonl) are not run again; --retry-failed runs them',
    );
    // --retry-failed runs them again, says how many, and excludes them again: they crash every
    // time (t4 leaks the key), two attempts each.
    const starts = () =>
      readFileSync(startedLog, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('run\t')).length;
    const before = starts();
    const retried = await runCampaign({ ...run, retryFailed: true });
    expect(retried.run.arms.map((arm) => [arm.skipped, arm.finished, arm.excluded])).toEqual([
      [2, 0, 2],
      [2, 0, 2],
    ]);
    expect(starts() - before).toBe(8);
    expect(readFileSync(join(run.dir, 'campaign.log'), 'utf8')).toContain(
      '4 rollout(s) an earlier run excluded are run again (--retry-failed)',
    );
  });

  test('a re-run skips what the ledger holds and pays nothing twice', async () => {
    using dir = tempDir();
    const tasks = fixtureTasks({ t1: 'ok', t2: 'ok' });
    const { run, startedLog } = await fixtureCampaign(dir.path, { tasks });
    await runCampaign(run);
    const before = readFileSync(startedLog, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('run\t')).length;
    const again = await runCampaign(run);
    expect(again.run.arms.map((arm) => [arm.skipped, arm.finished])).toEqual([
      [2, 0],
      [2, 0],
    ]);
    expect(
      readFileSync(startedLog, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('run\t')).length,
    ).toBe(before);
    expect(readLines(join(run.dir, 'ledger.jsonl'))).toHaveLength(4);
    expect(again.run.bookedUsd).toBeCloseTo(0.4, 12);
  });

  test('a booking is settled at the usage the rollout measured; a rollout without usage keeps its booking', async () => {
    using dir = tempDir();
    // $0.1 per 1M input tokens; t1 reports 250,000 prompt tokens ($0.025), t2 reports nothing.
    const tasks = fixtureTasks({ t1: { fixture: 'ok', prompt: 250_000 }, t2: 'ok' });
    const { run } = await fixtureCampaign(dir.path, { tasks });
    const result = await runCampaign(run);
    const spend = readLines(join(run.dir, 'spend.jsonl')) as SpendLine[];
    expect(spend.flatMap((line) => (line.type === 'reserve' ? [[line.key, line.usd]] : []))).toEqual([
      ['baseline/t1', 0.1],
      ['candidate/t1', 0.1],
      ['baseline/t2', 0.1],
      ['candidate/t2', 0.1],
    ]);
    expect(spend.filter((line) => line.type === 'settle').map((line) => line.key)).toEqual([
      'baseline/t1',
      'candidate/t1',
    ]);
    for (const line of spend.filter((l) => l.type === 'settle')) expect(line.usd).toBeCloseTo(0.025, 12);
    // 2 x $0.025 settled + 2 x $0.1 still booked.
    expect(result.run.bookedUsd).toBeCloseTo(0.25, 12);
    // A resume counts what was settled: $0.25 of a $0.3 ceiling leaves room for no $0.1 rollout.
    const more = fixtureTasks({ t1: { fixture: 'ok', prompt: 250_000 }, t2: 'ok', t3: 'ok' });
    const resumed = await runCampaign({ ...run, tasks: more, maxUsd: 0.3 });
    expect(resumed.run.stoppedBy).toBe('ceiling');
    expect(resumed.run.bookedUsd).toBeCloseTo(0.25, 12);
  });

  test('a kill after a harness finished but before the campaign settled and recorded it: the resume adopts it and settles its booking', async () => {
    using dir = tempDir();
    const tasks = fixtureTasks({ t1: { fixture: 'ok', prompt: 250_000 }, t2: 'ok' });
    const { run, startedLog } = await fixtureCampaign(dir.path, { tasks });
    const first = await runCampaign(run);
    const runs = () =>
      readFileSync(startedLog, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('run\t')).length;
    const started = runs();
    // What such a kill leaves: baseline/t1's harness line, its booking never settled, the campaign's
    // ledger and queue without its finish.
    const keep = (file: string, drop: (line: Record<string, unknown>) => boolean) => {
      const lines = readLines(join(run.dir, file)) as Record<string, unknown>[];
      writeFileSync(
        join(run.dir, file),
        lines
          .filter((line) => !drop(line))
          .map((line) => `${JSON.stringify(line)}\n`)
          .join(''),
      );
    };
    const baselineT1 = (line: Record<string, unknown>) => line.arm === 'baseline' && line.task_id === 't1';
    keep('spend.jsonl', (line) => line.type === 'settle' && line.key === 'baseline/t1');
    keep('ledger.jsonl', baselineT1);
    keep('queue.jsonl', (line) => baselineT1(line) && line.status === 'finished');
    const resumed = await runCampaign(run);
    expect(runs()).toBe(started);
    expect(readFileSync(join(run.dir, 'campaign.log'), 'utf8')).toContain(
      'baseline t1 adopted: the harness finished it before the campaign recorded it',
    );
    const settled = (readLines(join(run.dir, 'spend.jsonl')) as SpendLine[]).filter(
      (line) => line.type === 'settle' && line.key === 'baseline/t1',
    );
    expect(settled).toHaveLength(1);
    expect(settled[0]!.usd).toBeCloseTo(0.025, 12);
    expect(resumed.run.bookedUsd).toBeCloseTo(first.run.bookedUsd, 12);
    expect(readLines(join(run.dir, 'ledger.jsonl'))).toHaveLength(4);
  });

  test('each rollout gets its booking as a token cap; one that fails before any request is refunded', async () => {
    using dir = tempDir();
    const tasks = fixtureTasks({ t1: 'ok', t2: 'no-request' });
    const { run, startedLog } = await fixtureCampaign(dir.path, { tasks });
    const result = await runCampaign(run);
    // The plan books 1 turn of 1,000,000 context tokens in and 1 out.
    const caps = readFileSync(startedLog, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('cap '));
    // t1 once per arm, t2 twice per arm (a retry), each with the cap.
    expect(caps).toHaveLength(6);
    expect(caps.every((line) => line.endsWith(' 1000000:1'))).toBe(true);
    const spend = readLines(join(run.dir, 'spend.jsonl')) as SpendLine[];
    // t2 was tried twice per arm, each attempt booked at $0.1 and settled at $0: no request went out.
    const settled = spend.filter((line) => line.type === 'settle' && line.key.includes('t2'));
    expect(settled.map((line) => [line.key, line.usd])).toEqual([
      ['baseline/t2', 0],
      ['baseline/t2#2', 0],
      ['candidate/t2', 0],
      ['candidate/t2#2', 0],
    ]);
    // t1's two rollouts report no usage: they stay booked at $0.1 each.
    expect(result.run.bookedUsd).toBeCloseTo(0.2, 12);
    expect(readFileSync(join(run.dir, 'campaign.log'), 'utf8')).toContain(
      'baseline t2: no request was sent, its booking is refunded',
    );
  });

  test('an endpoint outage pauses, then stops the campaign after 3 failed rollouts, excludes nothing, refunds them; a rerun runs them', async () => {
    using dir = tempDir();
    const tasks = fixtureTasks({ t1: 'ok', t2: 'ok', t3: 'ok', t4: 'ok' });
    const { run } = await fixtureCampaign(dir.path, { tasks });
    const down = join(dir.path, 'endpoint-down');
    const withOutage = { ...run, env: { ...run.env, FIXTURE_ENDPOINT_DOWN: down }, outageBackoffMs: 150 };
    writeFileSync(down, '');
    const first = await runCampaign(withOutage);
    expect(first.run.stoppedBy).toBe('endpoint');
    // baseline t1, candidate t1, baseline t2 failed (the streak), the other five were not started.
    expect(first.run.arms.map((arm) => [arm.finished, arm.excluded, arm.notRun])).toEqual([
      [0, 0, 4],
      [0, 0, 4],
    ]);
    const states = lastState(join(run.dir, 'queue.jsonl'));
    expect(states.get('baseline/t1')).toMatchObject({ status: 'not_run', attempts: 1 });
    expect(states.get('baseline/t1')?.exception?.message).toContain('failed with a connection failure');
    expect(states.get('candidate/t2')?.exception?.type).toBe('EndpointDown');
    // No request reached the model: every booking was settled at $0.
    expect(first.run.bookedUsd).toBe(0);
    const log = readFileSync(join(run.dir, 'campaign.log'), 'utf8');
    expect(log).toContain('stopped: the model endpoint failed 3 rollouts in a row; nothing more is started');
    // Backed off before the second and third starts: 0.15 s, then twice that.
    const paused = log.split('\n').filter((line) => line.includes('no rollout starts for'));
    expect(paused.map((line) => line.replace(/^\S+ /, ''))).toEqual([
      'the model endpoint failed 1 rollout(s) in a row: no rollout starts for 150 ms (the campaign stops at 3)',
      'the model endpoint failed 2 rollout(s) in a row: no rollout starts for 300 ms (the campaign stops at 3)',
    ]);
    const started = (task: string) =>
      Date.parse(
        log
          .split('\n')
          .find((line) => line.includes(`${task} started`))!
          .split(' ')[0]!,
      );
    expect(started('candidate t1') - started('baseline t1')).toBeGreaterThanOrEqual(150);
    rmSync(down);
    const again = await runCampaign(withOutage);
    expect(again.run.stoppedBy).toBeNull();
    expect(again.run.arms.map((arm) => arm.finished)).toEqual([4, 4]);
    expect(readFileSync(join(run.dir, 'campaign.log'), 'utf8')).toContain(
      '8 rollout(s) an endpoint outage left unrun are run again',
    );
  });

  test('the ceiling stops the run before the rollout that would cross it', async () => {
    using dir = tempDir();
    const tasks = fixtureTasks({ t1: 'ok', t2: 'ok', t3: 'ok' });
    const { run } = await fixtureCampaign(dir.path, { tasks });
    // $0.1 a rollout, $0.35 ceiling: three rollouts fit ($0.30), the fourth would make $0.40.
    const result = await runCampaign({ ...run, maxUsd: 0.35 });
    expect(result.run.stoppedBy).toBe('ceiling');
    expect(result.run.bookedUsd).toBeCloseTo(0.3, 12);
    const ledger = readLines(join(run.dir, 'ledger.jsonl')) as LedgerLine[];
    // Interleaved by task: both arms of t1, then baseline t2.
    expect(ledger.map((line) => `${line.arm}/${line.task_id}`)).toEqual([
      'baseline/t1',
      'candidate/t1',
      'baseline/t2',
    ]);
    const states = lastState(join(run.dir, 'queue.jsonl'));
    expect(states.get('candidate/t2')).toMatchObject({ status: 'not_run', attempts: 0, booked_usd: 0 });
    expect(states.get('candidate/t2')?.exception?.type).toBe('SpendCeiling');
    expect(states.get('baseline/t3')?.status).toBe('not_run');
    expect(readFileSync(join(run.dir, 'campaign.log'), 'utf8')).toContain(
      'stopped at the ceiling: candidate t2 ($0.1000, its worst case) would take the booked $0.3000 to $0.4000, past $0.3500, with no rollout in flight left to settle below its booking',
    );
    // A resume under the same ceiling counts what was booked: nothing more fits.
    const resumed = await runCampaign({ ...run, maxUsd: 0.35 });
    expect(resumed.run.arms.map((arm) => arm.finished)).toEqual([0, 0]);
  });

  test('a block whose key variable is unset is refused before anything is booked, naming the variable', async () => {
    using dir = tempDir();
    const { run } = await fixtureCampaign(dir.path, {
      tasks: fixtureTasks({ t1: 'ok' }),
      block: {
        provider: 'openai',
        base_url: 'http://127.0.0.1:9/v1',
        auth: { env: 'AGENT_TRACK_TEST_UNSET_KEY' },
      },
    });
    await expect(runCampaign({ ...run, env: {} })).rejects.toMatchObject({
      code: 'LLM_KEY_MISSING',
      message: expect.stringContaining('the environment variable `AGENT_TRACK_TEST_UNSET_KEY` is not set'),
    });
    // Nothing booked, nothing queued: the rollouts that would have failed at once were never paid for.
    expect(existsSync(join(run.dir, 'spend.jsonl'))).toBe(false);
    expect(existsSync(join(run.dir, 'queue.jsonl'))).toBe(false);
  });

  test('a key only one arm knows is refused naming the arm, the commit and the key', async () => {
    using dir = tempDir();
    const { repo, shas, run, startedLog } = await fixtureCampaign(dir.path, {
      tasks: fixtureTasks({ t1: 'ok' }),
      specs: [
        { subject: 'Old harness', outcome: 'answered', knownKeys: ['base_url', 'provider', 'auth'] },
        {
          subject: 'New harness',
          outcome: 'answered',
          knownKeys: ['base_url', 'provider', 'auth', 'params.temperature'],
        },
      ],
      block: { provider: 'openai', base_url: 'http://127.0.0.1:9/v1', params: { temperature: 0 } },
    });
    await expect(runCampaign(run)).rejects.toMatchObject({
      code: 'LLM_BLOCK_REFUSED_BY_ARM',
      data: { arm: 'baseline', commit: shas[0], key: 'params.temperature' },
      message: expect.stringContaining(
        `Arm \`baseline\` at commit \`${shas[0]!.slice(0, 12)}\` refuses the LLM block \`${run.llmBlock.file}\` at key \`params.temperature\``,
      ),
    });
    expect(readFileSync(startedLog, 'utf8')).not.toContain('run\t');
    expect(linkedWorktrees(repo)).toEqual([]);
  });

  test('an arm whose harness resolves outside its worktree refuses to run; worktrees removed', async () => {
    using dir = tempDir();
    const manifest = {
      name: 'p',
      serve: ['node', 'bin/serve.mjs'],
      harness: ['node', '/usr/lib/elsewhere/harness.mjs'],
    };
    const { repo, run } = await fixtureCampaign(dir.path, {
      tasks: fixtureTasks({ t1: 'ok' }),
      specs: [
        { subject: 'ok', outcome: 'answered' },
        { subject: 'shadowed', outcome: 'answered', manifest },
      ],
    });
    await expect(runCampaign(run)).rejects.toMatchObject({
      code: 'ARM_PRODUCT_NOT_FOUND',
      data: { arm: 'candidate' },
    });
    expect(linkedWorktrees(repo)).toEqual([]);
  });
});
