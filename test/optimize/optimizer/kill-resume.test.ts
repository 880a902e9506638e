import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readLedger, startEndpoint } from '../../../src/agent/index.js';
import { selfCommand } from '../../../src/cli/self-command.js';
import { type SpendLine, spendLineSchema } from '../../../src/optimize/campaign/spend/spend-ledger.js';
import { loadCampaignConfig } from '../../../src/optimize/optimizer/config/load-config.js';
import { optimize } from '../../../src/optimize/optimizer/optimize.js';
import { campaignFile, filesContaining, habitPolicy, KEY_ENV, PRICES, ROOT, SECRET } from './paid-helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-kill-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const spendLines = (file: string): SpendLine[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.endsWith('}'))
        .flatMap((line) => {
          const parsed = spendLineSchema.safeParse(JSON.parse(line));
          return parsed.success ? [parsed.data] : [];
        })
    : [];

// Every rollout the harness ledgers under the run record as done, as `<hash16>/<slice>/r<n>/<task>`.
function doneRollouts(run: string): Set<string> {
  const done = new Set<string>();
  const base = join(run, 'rollouts');
  if (!existsSync(base)) return done;
  for (const hash of readdirSync(base))
    for (const slice of ['dev', 'test'])
      for (const repeat of ['r0']) {
        const file = join(base, hash, slice, repeat, 'ledger.jsonl');
        for (const [task, line] of readLedger(file))
          if (line.status === 'done') done.add(`${hash}/${slice}/${repeat}/${task}`);
      }
  return done;
}

test('an optimize run SIGKILLed mid-round resumes without paying for anything twice', async () => {
  const endpoint = await startEndpoint({ policy: habitPolicy() });
  try {
    const file = campaignFile(scratch, 'tool_docs', endpoint.openaiBaseUrl, {
      search: {
        slice: 'dev',
        rounds: 2,
        candidates_per_round: 2,
        stall_rounds: 5,
        screening: { minibatch: 2, eta: 2 },
      },
    });
    const run = join(scratch, 'run');
    const cacheDir = join(scratch, 'cache');
    const prices = ['--usd-per-1m-input', '1', '--usd-per-1m-output', '5'];
    const [node, ...argv] = selfCommand('optimize', '--config', file, '--confirm-spend', '--out', run);
    const child = spawn(
      node,
      argv
        .concat(['--limit', '4', '--cache-dir', cacheDir, ...prices])
        .concat(['--proposer-usd-per-1m-input', '1', '--proposer-usd-per-1m-output', '5']),
      { cwd: ROOT, detached: true, stdio: 'ignore', env: { ...process.env, [KEY_ENV]: SECRET } },
    );
    const exited = new Promise((done) => child.on('exit', done));
    // Kill once round 1 has been proposed (paid) and some of its screening rollouts are done.
    const deadline = Date.now() + 120_000;
    const ready = () =>
      existsSync(join(run, 'proposals.jsonl')) &&
      spendLines(join(run, 'spend.jsonl')).filter((l) => l.type === 'settle').length >= 7;
    while (!ready() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;

    const before = spendLines(join(run, 'spend.jsonl'));
    const doneAtKill = doneRollouts(run);
    expect(before.some((l) => l.type === 'reserve' && l.kind === 'proposer')).toBe(true);
    expect(doneAtKill.size).toBeGreaterThanOrEqual(5);

    process.env[KEY_ENV] = SECRET;
    const resume = {
      dryRun: false,
      confirmSpend: true,
      prices: PRICES,
      proposerPrices: PRICES,
      cacheDir,
      limit: 4,
      resume: run,
    };
    const result = await optimize(loadCampaignConfig(file), resume);
    expect(result!.stop).not.toMatch(/^budget/);
    const after = spendLines(join(run, 'spend.jsonl')).slice(before.length);
    const reservedAgain = after.flatMap((l) => (l.type === 'reserve' ? [l.key] : []));
    // No rollout that finished before the kill is booked again, and round 1 is not proposed again.
    for (const key of reservedAgain) {
      if (key.startsWith('rollout/'))
        expect(doneAtKill.has(key.slice('rollout/'.length).replace(/#\d+$/, ''))).toBe(false);
      expect(key).not.toMatch(/^proposer\/c1\./);
    }
    // The resumed run still did work: round 2 (proposed and screened) and the rest of round 1.
    expect(reservedAgain.some((key) => key.startsWith('proposer/c2.'))).toBe(true);
    // Resumed once more, finished: this run calls nothing, and result.md still counts the campaign's
    // calls (the run before it wrote them), never "0 rollouts, 0 proposer calls" alone.
    const again = await optimize(loadCampaignConfig(file), resume);
    expect(again!.estimate.calls).toMatchObject({ rollout: 0, proposer: 0 });
    expect(again!.campaign_estimate.calls).toEqual(result!.campaign_estimate.calls);
    expect(result!.campaign_estimate.calls.proposer).toBeGreaterThan(0);
    const { rollout, proposer } = result!.campaign_estimate.calls;
    expect(readFileSync(join(run, 'result.md'), 'utf8')).toContain(
      `The whole campaign, with the runs this one resumed: ${rollout} rollouts, ${proposer} proposer calls`,
    );

    // A kill after a rollout's harness wrote its line, before the run settled its booking and kept
    // its score: the spend ledger lacks the settlement, the evaluation cache the score. The resume
    // settles that booking at what the line says (as the run would have), and books nothing anew.
    const spendFile = join(run, 'spend.jsonl');
    const first = spendLines(spendFile).find((l) => l.type === 'reserve' && l.kind === 'rollout')!;
    const [, hash16, slice, , task] = first.key.split('/');
    const settlement = spendLines(spendFile).find((l) => l.type === 'settle' && l.key === first.key)!;
    expect(settlement.usd).toBeGreaterThan(0);
    const dropLine = (name: string, drop: (line: Record<string, unknown>) => boolean) => {
      const path = join(run, name);
      const kept = readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => line !== '' && !drop(JSON.parse(line)));
      expect(kept.length).toBe(readFileSync(path, 'utf8').split('\n').filter(Boolean).length - 1);
      writeFileSync(path, `${kept.join('\n')}\n`);
    };
    dropLine('spend.jsonl', (l) => l.type === 'settle' && l.key === first.key);
    dropLine(
      'evaluations.jsonl',
      (l) => String(l.hash).startsWith(hash16!) && l.slice === slice && l.task === task && l.repeat === 0,
    );
    const cut = spendLines(spendFile).length;
    await optimize(loadCampaignConfig(file), resume);
    const third = spendLines(spendFile).slice(cut);
    expect(third.filter((l) => l.type === 'reserve' && l.kind === 'rollout')).toEqual([]);
    expect(third.filter((l) => l.key === first.key)).toEqual([{ ...settlement }]);
    expect(filesContaining(run, SECRET)).toEqual([]);
  } finally {
    delete process.env[KEY_ENV];
    await endpoint.close();
  }
}, 300_000);
