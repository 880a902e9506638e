import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { claudeCodeAgent } from '../../../src/agent/external/claude-code.js';
import { AgentTrackError } from '../../../src/core/errors.js';
import { openSpendLedger } from '../../../src/optimize/campaign/spend/spend-ledger.js';
import { runTrack, type TrackOptions } from '../../../src/optimize/track/run-track.js';
import { openTrackLedger } from '../../../src/optimize/track/track-ledger.js';
import { FAKE_KEY } from '../../agent/endpoint-helpers.js';
import { tempDir } from '../../product/helpers/workspace.js';
import { BIN, filesContaining, trackTasks } from './track-helpers.js';

async function track(dir: string, bin: string, extra: Partial<TrackOptions> = {}) {
  const lines: string[] = [];
  const tasks = (await trackTasks()).slice(0, 1);
  const result = await runTrack({
    agent: claudeCodeAgent(join(BIN, bin)),
    split: 'track/all',
    tasks,
    out: join(dir, 'track'),
    cacheDir: join(dir, 'cache'),
    confirmSpend: true,
    attempts: 1,
    timeoutMs: 30_000,
    killGraceMs: 200,
    env: { ...process.env, ANTHROPIC_API_KEY: FAKE_KEY },
    onLine: (line) => lines.push(line),
    ...extra,
  });
  return { result, lines, ledger: openTrackLedger(join(dir, 'track', 'ledger.jsonl')) };
}

test.each([
  ['fake-claude-hang.mjs', { timeoutMs: 1500 }, 'AgentTimeout', 'killed after 1500 ms'],
  ['fake-claude-fail.mjs', {}, 'AgentExit', 'exit code 3; stderr: Error: invalid x-api-key ***'],
  ['fake-claude-malformed.mjs', {}, 'TRANSCRIPT_MALFORMED', 'not valid JSON'],
])(
  '%s: the task is discarded with why, the key appears in no file, and a re-run never re-attempts it',
  async (bin, extra, type, message) => {
    using dir = tempDir();
    const first = await track(dir.path, bin, extra);
    const discard = first.ledger.discarded('t1')!;
    expect(discard.arm).toBe('bare');
    expect(discard.reason.type).toBe(type);
    expect(discard.reason.message).toContain(message);
    expect(first.result.report?.tasks[0]).toMatchObject({
      task_id: 't1',
      status: 'discarded',
      reason: { type },
    });
    expect(readFileSync(join(dir.path, 'track', 'report.md'), 'utf8')).toContain(
      `| t1 | discarded: ${type}:`,
    );
    expect(filesContaining(join(dir.path, 'track'), FAKE_KEY)).toEqual([]);

    // The working fake now would succeed, but a discarded task is never attempted again.
    const again = await track(dir.path, 'fake-claude.mjs');
    expect(again.lines).toContain(`t1\tskipped: discarded earlier (${type}: ${discard.reason.message})`);
    expect(again.ledger.lines()).toHaveLength(first.ledger.lines().length);
  },
  60_000,
);

test('a failed attempt is retried in the run before the task is discarded', async () => {
  using dir = tempDir();
  const { ledger } = await track(dir.path, 'fake-claude-fail.mjs', { attempts: 2 });
  const attempts = ledger.lines().filter((l) => l.kind === 'rollout');
  expect(attempts.map((l) => (l.kind === 'rollout' ? [l.arm, l.attempt, l.status] : null))).toEqual([
    ['bare', 1, 'failed'],
    ['bare', 2, 'failed'],
  ]);
}, 60_000);

test('with a ceiling, an agent that reports no cost stops the track (fail closed)', async () => {
  using dir = tempDir();
  const { result, ledger } = await track(dir.path, 'fake-claude-nocost.mjs', {
    maxUsd: 1,
    usdPerRollout: 0.1,
  });
  expect(result.stopped?.type).toBe('TRACK_COST_UNREPORTED');
  // The bare rollout ran and is recorded at its booking; nothing after it started.
  expect(ledger.lines().map((l) => l.kind)).toEqual(['rollout']);
  expect(
    openSpendLedger(join(dir.path, 'track', 'spend.jsonl'), { ceilingUsd: null }).spentUsd(),
  ).toBeCloseTo(0.1, 12);
  // Without a ceiling the same agent runs (its cost row is then undefined, never 0).
  using free = tempDir();
  const open = await track(free.path, 'fake-claude-nocost.mjs');
  expect(open.result.stopped).toBeNull();
  expect(open.result.report?.tasks[0]?.figures.bare?.cost_usd).toBeNull();
}, 60_000);

test('spend: unknown prices under a ceiling are refused before anything runs; the ceiling stops the next rollout', async () => {
  using dir = tempDir();
  await expect(track(dir.path, 'fake-claude.mjs', { maxUsd: 1 })).rejects.toMatchObject({
    code: 'SPEND_PRICE_UNKNOWN',
    message: expect.stringContaining('`--usd-per-rollout`'),
  });
  await expect(
    track(dir.path, 'fake-claude.mjs', {
      maxUsd: 1,
      usdPerRollout: 0.1,
      judge: { model: 'm', usdPerCall: null },
    }),
  ).rejects.toThrow(AgentTrackError);
  // $0.015 a rollout under $0.02: the bare rollout is booked (and costs its reported $0.0117); the
  // with-server rollout would take the booking to $0.03 and is never started.
  const { result, ledger } = await track(dir.path, 'fake-claude.mjs', { maxUsd: 0.02, usdPerRollout: 0.015 });
  expect(result.stopped?.type).toBe('SpendCeiling');
  expect(ledger.lines().map((l) => (l.kind === 'rollout' ? l.arm : l.kind))).toEqual(['bare']);
  expect(result.report?.tasks[0]?.status).toBe('incomplete');
  // The one spend ledger: the bare rollout reserved at $0.015, settled at the $0.0117 it reported.
  const spend = openSpendLedger(join(dir.path, 'track', 'spend.jsonl'), { ceilingUsd: null });
  const bare = spend.bookings().find((booking) => booking.key.startsWith('bare/'));
  const first = ledger.lines()[0];
  const reported = first?.kind === 'rollout' ? first.figures?.cost_usd : undefined;
  expect(reported).toBeGreaterThan(0);
  expect(bare?.usd).toBeCloseTo(reported!, 12);
  expect(bare?.usd).toBeLessThan(0.015);
}, 60_000);

test('a track draws its progress on a terminal: rollouts done per arm, the failed ones, the spend', async () => {
  const drawn = async (bin: string) => {
    using dir = tempDir();
    const terminal = Object.assign(new PassThrough(), { isTTY: true });
    let shown = '';
    terminal.on('data', (chunk: Buffer) => {
      shown += chunk.toString();
    });
    await track(dir.path, bin, { progress: terminal });
    return shown.split('\r\x1b[2K').map((line) => line.trim());
  };
  const ok = await drawn('fake-claude.mjs');
  expect(ok[1]).toBe('bare 0/1 | with-server 0/1 | booked $0.0000');
  // One of two rollouts ended: the ETA at that pace.
  expect(ok).toContainEqual(
    expect.stringMatching(/^bare 1\/1 \| with-server 0\/1 \| booked \$0\.\d{4} \| ETA \d+s$/),
  );
  expect(ok.at(-1)).toMatch(/^bare 1\/1 \| with-server 1\/1 \| booked \$0\.\d{4}$/);
  const failed = await drawn('fake-claude-fail.mjs');
  expect(failed.at(-1)).toMatch(
    /^bare 0\/1 \(1 failed\) \| with-server 0\/1 \| booked \$0\.0000( \| ETA \d+s)?$/,
  );
});
