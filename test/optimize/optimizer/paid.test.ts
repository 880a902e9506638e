import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningEndpoint, startEndpoint } from '../../../src/agent/index.js';
import { spendLineSchema } from '../../../src/optimize/campaign/spend/spend-ledger.js';
import { loadCampaignConfig } from '../../../src/optimize/optimizer/config/load-config.js';
import { optimize } from '../../../src/optimize/optimizer/optimize.js';
import { scriptedProposer } from '../../../src/optimize/optimizer/propose/proposer.js';
import { loadSplit } from '../../../src/retrieval/index.js';
import {
  campaignFile,
  filesContaining,
  GOOD_HABIT,
  habitPolicy,
  KEY_ENV,
  PRICES,
  ROOT,
  SECRET,
} from './paid-helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-paid-'));
const cacheDir = join(scratch, 'cache');
const skillFile = join(ROOT, 'configs/product/usage_skill.md');
const withHabit = `${readFileSync(skillFile, 'utf8').trimEnd()}\n\n${GOOD_HABIT}\n`;
let endpoint: RunningEndpoint;
let searchOnly: RunningEndpoint;

beforeAll(async () => {
  process.env[KEY_ENV] = SECRET;
  const dev = await loadSplit('fixture-code/dev', { reposDir: join(cacheDir, 'repos') });
  endpoint = await startEndpoint({ policy: habitPolicy() });
  searchOnly = await startEndpoint({
    policy: habitPolicy({ onlyFor: new Set(dev.tasks.map((t) => t.question)) }),
  });
});
afterAll(async () => {
  delete process.env[KEY_ENV];
  await endpoint.close();
  await searchOnly.close();
  rmSync(scratch, { recursive: true, force: true });
});

const ONE_ROUND = {
  search: {
    slice: 'dev',
    rounds: 1,
    candidates_per_round: 1,
    stall_rounds: 1,
    screening: { minibatch: 4, eta: 2 },
  },
};
const paid = {
  dryRun: false,
  confirmSpend: true,
  prices: PRICES,
  proposerPrices: PRICES,
  cacheDir,
  concurrency: 2,
};

describe('a paid campaign against a model served on 127.0.0.1', () => {
  test('a scripted skill that truly helps is accepted on the held-out slice; its diff applies cleanly', async () => {
    const dir = join(scratch, 'helps');
    const file = campaignFile(dir, 'usage_skill', endpoint.openaiBaseUrl, ONE_ROUND);
    const result = await optimize(loadCampaignConfig(file), {
      ...paid,
      out: join(dir, 'run'),
      proposer: scriptedProposer([[withHabit]]),
    });
    const [confirmation] = result!.confirmations;
    expect(result!.candidates[0]!.search_delta).toBeGreaterThan(0.02);
    expect(confirmation).toMatchObject({ candidate: 'c1.0', test: 'wilcoxon', decision: 'accepted' });
    expect(confirmation!.alpha).toBeCloseTo(0.05 / 4);
    expect(result!.final.id).toBe('c1.0');
    // Every rollout was paid and settled at its usage; nothing crossed the ceiling.
    expect(result!.spend.usd).toBeGreaterThan(0);
    expect(result!.spend.usd).toBeLessThanOrEqual(20);
    expect(result!.spend.by_kind.rollout).toBeCloseTo(result!.spend.usd, 9);

    // The diff applies to the artifact at HEAD and gives the candidate's text.
    const repo = join(dir, 'product');
    const artifact = join(repo, 'configs/product/usage_skill.md');
    mkdirSync(dirname(artifact), { recursive: true });
    writeFileSync(artifact, readFileSync(skillFile));
    await execa('git', ['init', '-q'], { cwd: repo });
    writeFileSync(join(dir, 'change.diff'), result!.diff!);
    await execa('git', ['apply', '--check', join(dir, 'change.diff')], { cwd: repo });
    await execa('git', ['apply', join(dir, 'change.diff')], { cwd: repo });
    expect(readFileSync(artifact, 'utf8')).toBe(withHabit);
    // The key reached the endpoint but no file of the run.
    expect(filesContaining(join(dir, 'run'), SECRET)).toEqual([]);
    expect(readFileSync(join(dir, 'run/result.md'), 'utf8')).toMatch(/```diff/);
    // The progress trace on the held-out slice: the incumbent, then the accepted candidate above it.
    const trace = JSON.parse(readFileSync(join(dir, 'run/objective.json'), 'utf8'));
    expect(trace.points.map((p: { label: string; accepted: boolean }) => [p.label, p.accepted])).toEqual([
      ['incumbent', true],
      ['c1.0', true],
    ]);
    expect(trace.points[1].objective - trace.points[0].objective).toBeCloseTo(confirmation!.delta!, 9);
    expect(readFileSync(join(dir, 'run/plots/optimize-objective.svg'), 'utf8')).toMatch(/<svg/);
  }, 240_000);

  test('a skill that helps only on the search slice wins screening and is rejected at confirmation', async () => {
    const dir = join(scratch, 'overfit');
    const file = campaignFile(dir, 'usage_skill', searchOnly.openaiBaseUrl, ONE_ROUND);
    const result = await optimize(loadCampaignConfig(file), {
      ...paid,
      out: join(dir, 'run'),
      proposer: scriptedProposer([[withHabit]]),
    });
    const [confirmation] = result!.confirmations;
    expect(result!.candidates[0]!.search_delta).toBeGreaterThan(0.02);
    expect(confirmation).toMatchObject({ candidate: 'c1.0', decision: 'rejected', delta: 0 });
    expect(result!.final.id).toBe('incumbent');
    expect(result!.diff).toBeNull();
  }, 240_000);
});

test('the ceiling holds with the reflective proposer and the judge counted', async () => {
  const dir = join(scratch, 'ceiling');
  const file = campaignFile(dir, 'tool_docs', endpoint.openaiBaseUrl, {
    search: {
      slice: 'dev',
      rounds: 20,
      candidates_per_round: 2,
      stall_rounds: 20,
      screening: { minibatch: 2, eta: 2 },
    },
    judge: { model: 'anthropic/claude-haiku-4.5', rubric: 'set below' },
    objective: { gates: ['answered'], weights: { gold_reached: 2, needless_call_rate: 1, judge_score: 1 } },
    budgets: { max_usd: 20, max_rollouts: 600, max_judge_calls: 400 },
  });
  const lines: string[] = [];
  const ceiling = 1.6;
  const result = await optimize(loadCampaignConfig(file), {
    ...paid,
    limit: 2,
    maxUsd: ceiling,
    out: join(dir, 'run'),
    log: (line) => lines.push(line),
  });
  expect(result!.stop).toMatch(/^budget: the ceiling \$1\.60 would be crossed by /);
  // Stopped by the ceiling, structurally: the CLI reads this and exits 3.
  expect(result!.stopped_by).toBe('ceiling');
  expect(result!.spend.usd).toBeLessThanOrEqual(ceiling);
  expect(result!.spend.by_kind.proposer).toBeGreaterThan(0);
  expect(result!.spend.by_kind.judge).toBeGreaterThan(0);
  const ledger = readFileSync(join(dir, 'run/spend.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => spendLineSchema.parse(JSON.parse(line)));
  const kinds = new Map(ledger.flatMap((l) => (l.type === 'reserve' ? [[l.key, l.kind] as const] : [])));
  for (const line of ledger) {
    if (line.type !== 'settle') continue;
    // Each proposer or judge request reports 6,000 + 800 tokens: 6000 * $1/1M + 800 * $5/1M = $0.010.
    if (kinds.get(line.key) === 'proposer') expect(line.usd).toBeCloseTo(0.01, 12);
    if (kinds.get(line.key) === 'judge') expect(line.usd).toBeCloseTo(0.01, 12);
    // A rollout is three replies (the placeholder probe, the search, the answer) of 2,000 + 200
    // tokens: 3 * (2000 * $1/1M + 200 * $5/1M) = $0.009; one booked in the batch the ceiling
    // refused never started and was released at $0.
    if (kinds.get(line.key) === 'rollout')
      expect([0, 0.009].map((v) => Math.abs(v - line.usd) < 1e-12)).toContain(true);
  }
  expect(ledger.filter((l) => l.type === 'settle' && kinds.get(l.key) === 'rollout').length).toBeGreaterThan(
    4,
  );
  // Every dollar is attributed: the incumbent's rollouts and judge samples, then each proposal's
  // proposer call, rollouts and judge samples (admissions.jsonl).
  const amount = new Map<string, number>();
  for (const line of ledger) amount.set(line.key, line.usd);
  const head = result!.incumbent.hash.slice(0, 16);
  const incumbentUsd = [...amount]
    .filter(([key]) => key.includes(`/${head}/`))
    .reduce((a, [, v]) => a + v, 0);
  const admissions = readFileSync(join(dir, 'run/admissions.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { cost_usd: number });
  expect(admissions.every((a) => a.cost_usd >= 0.01)).toBe(true);
  expect(incumbentUsd + admissions.reduce((a, b) => a + b.cost_usd, 0)).toBeCloseTo(result!.spend.usd, 9);
  // The reflective proposer read the worst runs with why their calls were needless.
  const proposerPrompt = JSON.stringify(
    endpoint.requests.find((r) => JSON.stringify(r.body).includes('agent-track reflective proposer v1'))
      ?.body,
  );
  expect(proposerPrompt).toMatch(/NEEDLESS: returned nothing usable/);
  expect(filesContaining(join(dir, 'run'), SECRET)).toEqual([]);
}, 300_000);

test('a paid run whose judge has no price fails closed before anything runs, naming the flags', async () => {
  const dir = join(scratch, 'judge-unpriced');
  // The shipped ask_prompt campaign judges with another model than the agent's.
  const file = campaignFile(dir, 'ask_prompt', endpoint.openaiBaseUrl, {});
  const lines: string[] = [];
  const before = endpoint.requests.length;
  // Refused (exit 2) naming why, after the plan says the same.
  await expect(
    optimize(loadCampaignConfig(file), {
      ...paid,
      limit: 2,
      out: join(dir, 'run'),
      log: (line) => lines.push(line),
    }),
  ).rejects.toMatchObject({
    code: 'CAMPAIGN_REFUSED',
    message: expect.stringContaining('prices unknown: a paid run fails closed'),
  });
  const text = lines.join('\n');
  expect(text).toMatch(
    /judge calls: cost unknown \(pass --judge-usd-per-1m-input and --judge-usd-per-1m-output\)/,
  );
  expect(text).toMatch(/prices unknown: a paid run fails closed/);
  expect(existsSync(join(dir, 'run'))).toBe(false);
  expect(endpoint.requests.length).toBe(before);
});

test('a proposer that fails loses its proposals, not the campaign: the result is still written', async () => {
  const down = await startEndpoint({ policy: habitPolicy({ failProposer: true }) });
  try {
    const dir = join(scratch, 'proposer-down');
    const file = campaignFile(dir, 'tool_docs', down.openaiBaseUrl, ONE_ROUND);
    const lines: string[] = [];
    const result = await optimize(loadCampaignConfig(file), {
      ...paid,
      limit: 2,
      out: join(dir, 'run'),
      log: (line) => lines.push(line),
    });
    expect(lines.join('\n')).toMatch(/proposal 1 failed: .*the proposer model is down/);
    expect(result!.stop).toBe('proposer exhausted');
    expect(result!.candidates).toEqual([]);
    // The failed call stays booked at its worst case: 30,000 * $1/1M + 1,000 (the block's
    // max_tokens) * $5/1M = $0.035.
    expect(result!.spend.by_kind.proposer).toBeCloseTo(0.035, 9);
    expect(existsSync(join(dir, 'run/result.json'))).toBe(true);
  } finally {
    await down.close();
  }
}, 120_000);

test("a paid resume of a dry run's directory is refused: offline scores never stand in for a model's", async () => {
  const dir = join(scratch, 'dry-then-paid');
  const file = campaignFile(dir, 'usage_skill', endpoint.openaiBaseUrl, ONE_ROUND);
  const loaded = loadCampaignConfig(file);
  await optimize(loaded, { dryRun: true, limit: 2, rounds: 0, cacheDir, out: join(dir, 'run') });
  const before = endpoint.requests.length;
  await expect(optimize(loaded, { ...paid, limit: 2, resume: join(dir, 'run') })).rejects.toThrow(
    /was run with another `blocks`, `dry_run`/,
  );
  expect(endpoint.requests.length).toBe(before);
}, 120_000);

test('a judge that fails leaves its tasks unscored and uncached; a resume judges them, paying no rollout twice', async () => {
  const judgeDown = { value: true };
  const flaky = await startEndpoint({ policy: habitPolicy({ judgeDown }) });
  try {
    const dir = join(scratch, 'judge-down');
    const file = campaignFile(dir, 'tool_docs', flaky.openaiBaseUrl, {
      ...ONE_ROUND,
      judge: { model: 'anthropic/claude-haiku-4.5', rubric: 'set below' },
      objective: { gates: ['answered'], weights: { gold_reached: 1, judge_score: 1 } },
      budgets: { max_usd: 20, max_rollouts: 600, max_judge_calls: 400 },
    });
    const loaded = loadCampaignConfig(file);
    const run = join(dir, 'run');
    const first = await optimize(loaded, { ...paid, limit: 2, rounds: 0, out: run });
    expect(first!.incumbent.search_mean).toBeNull();
    expect(first!.rollouts).toBe(2);
    expect(
      existsSync(join(run, 'evaluations.jsonl')) ? readFileSync(join(run, 'evaluations.jsonl'), 'utf8') : '',
    ).toBe('');
    judgeDown.value = false;
    const again = await optimize(loaded, { ...paid, limit: 2, rounds: 0, resume: run });
    expect(again!.rollouts).toBe(0);
    expect(again!.incumbent.search_mean).not.toBeNull();
    const statuses = readFileSync(join(run, 'judgments.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { status: string }).status);
    expect(statuses).toEqual(['failed', 'failed', 'judged', 'judged']);
  } finally {
    await flaky.close();
  }
}, 120_000);

test("a paid run whose agent block bounds no output fails closed: a rollout's worst case would be unbounded", async () => {
  const dir = join(scratch, 'unbounded');
  const file = campaignFile(dir, 'usage_skill', endpoint.openaiBaseUrl, ONE_ROUND);
  writeFileSync(
    join(dir, 'block.yaml'),
    `provider: openai\nbase_url: ${endpoint.openaiBaseUrl}\nauth: { env: ${KEY_ENV} }\nmax_retries: 0\n`,
  );
  const lines: string[] = [];
  const before = endpoint.requests.length;
  await expect(
    optimize(loadCampaignConfig(file), {
      ...paid,
      limit: 2,
      out: join(dir, 'run'),
      log: (line) => lines.push(line),
    }),
  ).rejects.toMatchObject({ code: 'CAMPAIGN_REFUSED' });
  expect(lines.join('\n')).toMatch(
    /sets no `params.max_tokens`: a rollout's output has no bound, so a paid run fails closed/,
  );
  expect(endpoint.requests.length).toBe(before);
});
