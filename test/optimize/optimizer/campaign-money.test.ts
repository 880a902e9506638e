import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { type ChatMessage, type LedgerLine, promptTokens } from '../../../src/agent/index.js';
import { proposerMessages } from '../../../src/agent/proposer/proposer-prompt.js';
import { openSpendLedger } from '../../../src/optimize/campaign/spend/spend-ledger.js';
import { campaignMoney } from '../../../src/optimize/optimizer/money/campaign-money.js';
import type { CampaignPrices } from '../../../src/optimize/optimizer/money/estimate.js';

/** Rollouts at $1/$5, the proposer at $3/$15, the judge at $1/$5 per million tokens. */
const PRICES: CampaignPrices = {
  rollout: { inputPer1m: 1, outputPer1m: 5 },
  proposer: { inputPer1m: 3, outputPer1m: 15 },
  judge: { inputPer1m: 1, outputPer1m: 5 },
};
const UNKNOWN = { inputPer1m: null, outputPer1m: null };
const BUDGETS = { max_usd: 100, max_rollouts: 1000, max_judge_calls: 1000 };
// CALL_TOKENS.rollout: 12 turns * 4000 context in, 12 * 500 out: 48000/1e6*1 + 6000/1e6*5 = 0.048 + 0.03
const ROLLOUT_WORST = 0.078;

function setup(
  options: {
    prices?: CampaignPrices;
    dryRun?: boolean;
    budgets?: Partial<typeof BUDGETS>;
    ceiling?: number;
    agentMaxTokens?: number | null;
  } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'agent-track-money-'));
  const file = join(dir, 'spend.jsonl');
  const open = () => openSpendLedger(file, { ceilingUsd: options.ceiling ?? 100 });
  const ledger = open();
  const money = campaignMoney({
    ledger,
    prices: options.prices ?? PRICES,
    dryRun: options.dryRun ?? false,
    budgets: { ...BUDGETS, ...options.budgets },
    agentMaxTokens: options.agentMaxTokens ?? null,
  });
  const lines = () =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l))
      : [];
  return {
    ledger,
    money,
    file,
    open,
    lines,
    [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error('expected a throw');
}

function ledgerLine(usage: LedgerLine['usage']): LedgerLine {
  return {
    task_id: 't1',
    status: 'done',
    outcome: null,
    attempts: 1,
    turns: 3,
    tool_calls: 2,
    usage,
    cost_usd: null,
    duration_ms: 10,
    description_tokens: null,
    trajectory: 'trajectories/t1',
    error: null,
    finished_at: '2025-01-01T00:00:00.000Z',
  };
}

const small = proposerMessages({
  axis: 'usage_skill',
  artifact: 'Search first.\n',
  variant: 0,
  of: 2,
  evidence: 't1: one needless call.',
});
const judgeConversation: ChatMessage[] = [
  { role: 'system', content: 'Grade the answer.' },
  { role: 'user', content: 'Q: where is tax computed? A: shop/tax.py' },
];

test('a rollout is reserved at the plan worst case: $0.078 at $1/$5', () => {
  using s = setup();
  expect(s.money.reserveRollout('rollout/ab/dev/r0/t1')).toBe('rollout/ab/dev/r0/t1');
  expect(s.ledger.spentUsd()).toBeCloseTo(ROLLOUT_WORST, 12);
  expect(s.lines()).toEqual([
    {
      type: 'reserve',
      kind: 'rollout',
      key: 'rollout/ab/dev/r0/t1',
      calls: 1,
      usd: expect.closeTo(0.078, 12),
    },
  ]);
  expect(s.money.rollouts()).toBe(1);
  expect(s.money.estimate.value()).toEqual({
    calls: { rollout: 1, proposer: 0, judge: 0 },
    usd: expect.closeTo(0.078, 12),
    unpriced: [],
  });
});

test('a proposer call with a small prompt books the assumed 30000 in and 4000 out', () => {
  using s = setup();
  // The prompt is far under 30000 / 1.25 = 24000 tokens, so the assumption stands.
  expect(promptTokens(small, [])).toBeLessThan(24_000);
  s.money.reserveCall('proposer', 'proposer/r1/0', small, null);
  // 30000/1e6*3 + 4000/1e6*15 = 0.09 + 0.06
  expect(s.ledger.spentUsd()).toBeCloseTo(0.15, 12);
  expect(s.ledger.calls('proposer')).toBe(1);
});

test('a proposer call with a huge prompt books 1.25 times its counted tokens plus the block max_tokens', () => {
  using s = setup();
  const huge = proposerMessages({
    axis: 'usage_skill',
    artifact: 'word '.repeat(40_000),
    variant: 0,
    of: 1,
    evidence: '',
  });
  const counted = promptTokens(huge, []);
  expect(counted).toBeGreaterThan(24_000);
  s.money.reserveCall('proposer', 'proposer/r1/0', huge, 2000);
  // ceil(1.25 * counted) in at $3, max_tokens 2000 out at $15
  const expected = (Math.ceil(1.25 * counted) / 1e6) * 3 + (2000 / 1e6) * 15;
  expect(s.ledger.spentUsd()).toBeCloseTo(expected, 12);
  // Well above the assumed 0.15: about 50300 tokens in.
  expect(expected).toBeGreaterThan(0.15);
});

test('a judged sample that may ask twice books twice the worst case, as one judge call', () => {
  using s = setup();
  s.money.reserveCall('judge', 'judge/t1', judgeConversation, null, 2);
  // (8000/1e6*1 + 1000/1e6*5) * 2 = (0.008 + 0.005) * 2
  expect(s.ledger.spentUsd()).toBeCloseTo(0.026, 12);
  expect(s.ledger.calls('judge')).toBe(1);
  expect(s.money.estimate.value().calls.judge).toBe(1);
});

test.each([
  ['rollout', (s: ReturnType<typeof setup>) => s.money.reserveRollout('rollout/x')],
  [
    'proposer',
    (s: ReturnType<typeof setup>) => s.money.reserveCall('proposer', 'proposer/r1/0', small, null),
  ],
  [
    'judge',
    (s: ReturnType<typeof setup>) => s.money.reserveCall('judge', 'judge/t1', judgeConversation, null),
  ],
] as const)(
  'an unknown %s price fails closed in a paid run and books zero dollars in a dry run',
  (kind, reserve) => {
    const prices = { ...PRICES, [kind]: UNKNOWN };
    {
      using paid = setup({ prices });
      expect(codeOf(() => reserve(paid))).toBe('PRICE_UNKNOWN');
      expect(paid.lines()).toEqual([]);
    }
    using dry = setup({ prices, dryRun: true });
    reserve(dry);
    expect(dry.lines()).toMatchObject([{ type: 'reserve', kind, usd: 0 }]);
    expect(dry.ledger.spentUsd()).toBe(0);
    // The estimate still counts the call; its dollars are unknown.
    expect(dry.money.estimate.value()).toEqual({
      calls: { rollout: 0, proposer: 0, judge: 0, [kind]: 1 },
      usd: null,
      unpriced: [kind],
    });
  },
);

test('a dry run with known prices books $0 and estimates what a real run would pay', () => {
  using s = setup({ dryRun: true });
  s.money.reserveRollout('rollout/a');
  s.money.reserveRollout('rollout/b');
  s.money.reserveCall('proposer', 'proposer/r1/0', small, null);
  expect(s.ledger.spentUsd()).toBe(0);
  // 2 * 0.078 + 0.15 (the estimate prices calls at CALL_TOKENS)
  expect(s.money.estimate.value().usd).toBeCloseTo(0.306, 12);
  // Settling in a dry run writes nothing.
  s.money.settleRollout(
    'rollout/a',
    ledgerLine({ prompt: 10_000, completion: 2000, reasoning: null, cached: null, messages: 3 }),
  );
  s.money.settleCall('proposer', 'proposer/r1/0', { prompt: 1000, completion: 100 });
  expect(s.lines()).toHaveLength(3);
});

test('max_rollouts refuses the rollout that would cross it, counting the runs it resumes', () => {
  using s = setup({ budgets: { max_rollouts: 3 } });
  s.money.reserveRollout('rollout/a');
  s.money.reserveRollout('rollout/b');
  // A resumed run on the same ledger: 2 rollouts already counted.
  const resumed = campaignMoney({
    ledger: s.open(),
    prices: PRICES,
    dryRun: false,
    budgets: { ...BUDGETS, max_rollouts: 3 },
  });
  resumed.reserveRollout('rollout/c');
  expect(codeOf(() => resumed.reserveRollout('rollout/d'))).toBe('BUDGET_EXHAUSTED');
  expect(s.lines()).toHaveLength(3);
  // rollouts() counts this run's only.
  expect(resumed.rollouts()).toBe(1);
});

test('max_judge_calls refuses the judged sample that would cross it; the proposer is not counted', () => {
  using s = setup({ budgets: { max_judge_calls: 1 } });
  s.money.reserveCall('judge', 'judge/t1', judgeConversation, null, 2);
  expect(codeOf(() => s.money.reserveCall('judge', 'judge/t2', judgeConversation, null))).toBe(
    'BUDGET_EXHAUSTED',
  );
  s.money.reserveCall('proposer', 'proposer/r1/0', small, null);
  s.money.reserveCall('proposer', 'proposer/r1/1', small, null);
  expect(s.lines().map((l) => l.key)).toEqual(['judge/t1', 'proposer/r1/0', 'proposer/r1/1']);
});

test('max_judge_calls 0 (the default) refuses any judge call', () => {
  using s = setup({ budgets: { max_judge_calls: 0 } });
  expect(codeOf(() => s.money.reserveCall('judge', 'judge/t1', judgeConversation, null))).toBe(
    'BUDGET_EXHAUSTED',
  );
  expect(s.lines()).toEqual([]);
});

test('the ceiling refuses a call whose worst case would cross it', () => {
  // 0.078 * 2 = 0.156 <= 0.2; a third would make 0.234
  using s = setup({ ceiling: 0.2 });
  s.money.reserveRollout('rollout/a');
  s.money.reserveRollout('rollout/b');
  expect(codeOf(() => s.money.reserveRollout('rollout/c'))).toBe('BUDGET_EXHAUSTED');
  expect(s.money.rollouts()).toBe(2);
});

test('settleRollout prices the harness ledger line: 10000 in, 2000 out at $1/$5 is $0.02', () => {
  using s = setup();
  const key = s.money.reserveRollout('rollout/a');
  s.money.settleRollout(
    key,
    ledgerLine({ prompt: 10_000, completion: 2000, reasoning: null, cached: null, messages: 4 }),
  );
  // 10000/1e6*1 + 2000/1e6*5 = 0.01 + 0.01
  expect(s.ledger.spentUsd()).toBeCloseTo(0.02, 12);
});

test.each([
  ['a line with null usage', ledgerLine(null)],
  ['no line (the task never finished)', undefined],
])('settleRollout with %s leaves the worst case', (_, line) => {
  using s = setup();
  const key = s.money.reserveRollout('rollout/a');
  s.money.settleRollout(key, line);
  expect(s.ledger.spentUsd()).toBeCloseTo(ROLLOUT_WORST, 12);
  expect(s.lines()).toHaveLength(1);
});

test('settleCall prices the reported usage; none reported, or a count missing, leaves the worst case', () => {
  using s = setup();
  const a = s.money.reserveCall('proposer', 'proposer/r1/0', small, null);
  const b = s.money.reserveCall('proposer', 'proposer/r1/1', small, null);
  const c = s.money.reserveCall('proposer', 'proposer/r1/2', small, null);
  // 20000/1e6*3 + 1000/1e6*15 = 0.06 + 0.015
  s.money.settleCall('proposer', a, { prompt: 20_000, completion: 1000 });
  s.money.settleCall('proposer', b, null);
  // An endpoint that reported prompt tokens only.
  s.money.settleCall('proposer', c, { prompt: 20_000 } as never);
  expect(s.ledger.bookings().map((x) => x.usd)).toEqual([
    expect.closeTo(0.075, 12),
    expect.closeTo(0.15, 12),
    expect.closeTo(0.15, 12),
  ]);
  expect(s.open().spentUsd()).toBeCloseTo(0.375, 12);
});

test('releaseRollout settles a booked rollout that never started at $0', () => {
  using s = setup();
  const kept = s.money.reserveRollout('rollout/a');
  const released = s.money.reserveRollout('rollout/b');
  s.money.releaseRollout(released);
  expect(s.ledger.spentUsd()).toBeCloseTo(ROLLOUT_WORST, 12);
  expect(s.lines().at(-1)).toEqual({ type: 'settle', key: 'rollout/b', usd: 0 });
  expect(s.money.rollouts()).toBe(1);
  // The estimate counts the rollouts that run, like rollouts().
  expect(s.money.estimate.value().calls.rollout).toBe(1);
  expect(kept).toBe('rollout/a');
});

test("a rollout's worst case follows its turn budget and the agent block's max_tokens", () => {
  using s = setup({ agentMaxTokens: 1000 });
  s.money.reserveRollout('rollout/a', 16);
  s.money.reserveRollout('rollout/b');
  // 16 turns: 16 * 4000 in at $1/1M + 16 * 1000 out at $5/1M = 0.064 + 0.08 = 0.144;
  // the default 12 turns: 0.048 + 12 * 1000 * 5e-6 = 0.048 + 0.06 = 0.108.
  expect(s.lines().map((l: { usd: number }) => l.usd)).toEqual([
    expect.closeTo(0.144, 12),
    expect.closeTo(0.108, 12),
  ]);
  // The estimate prices the default turn budget at the same bound.
  expect(s.money.estimate.value().usd).toBeCloseTo(2 * 0.108, 12);
});
