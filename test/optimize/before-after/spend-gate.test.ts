import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadLlmBlock } from '../../../src/agent/llm/load-block.js';
import { buildPlan, type PlanInput } from '../../../src/optimize/before-after/plan.js';
import { assertSpendAllowed, openCampaignSpend } from '../../../src/optimize/before-after/spend-gate.js';
import { openSpendLedger } from '../../../src/optimize/campaign/spend/spend-ledger.js';
import { tempDir } from '../campaign/helpers.js';

function planWith(extra: Partial<PlanInput>) {
  using dir = tempDir();
  const file = join(dir.path, 'block.json');
  writeFileSync(file, JSON.stringify({ provider: 'openai', base_url: 'http://127.0.0.1:9/v1' }));
  const commit = { rev: 'a', sha: 'a'.repeat(40), subject: 's' };
  return buildPlan({
    campaign: 'c',
    tasks: { count: 2 },
    arms: [
      { arm: 'baseline', commit, descriptionTokens: 0 },
      { arm: 'candidate', commit, descriptionTokens: 0 },
    ],
    model: 'm',
    llmBlock: loadLlmBlock(file),
    // 1 turn of 1,000,000 input and 1 output token: at $0 output a rollout costs exactly the input price.
    turnBudget: 1,
    contextTokensPerTurn: 1_000_000,
    outputTokensPerTurn: 1,
    ...extra,
  });
}

// The spend book before-after and track once had, now the one spend ledger every job uses.
describe('spend ledger: booking before each step', () => {
  const ledgerIn = (dir: string, ceilingUsd: number | null) =>
    openSpendLedger(join(dir, 'spend.jsonl'), { ceilingUsd });

  test('books before each step and refuses the one that would cross the ceiling', () => {
    using dir = tempDir();
    const book = ledgerIn(dir.path, 1);
    expect(book.tryReserve('rollout', 'baseline/t1', 1, 0.4)).toBe('baseline/t1');
    expect(book.tryReserve('rollout', 'candidate/t1', 1, 0.4)).toBe('candidate/t1');
    expect(book.tryReserve('rollout', 'baseline/t2', 1, 0.4)).toBeNull();
    expect(book.tryReserve('judge', 'j1', 1, 0.2)).toBe('j1');
    expect(book.spentUsd()).toBeCloseTo(1, 12);
    expect(book.remainingUsd()).toBeCloseTo(0, 12);
    expect(book.bookings().map((b) => b.key)).toEqual(['baseline/t1', 'candidate/t1', 'j1']);
  });

  test('lands exactly on the ceiling despite float sums (0.1 x 3 = 0.3)', () => {
    using dir = tempDir();
    const book = ledgerIn(dir.path, 0.3);
    expect([1, 2, 3, 4].map(() => book.tryReserve('rollout', 'x', 1, 0.1) !== null)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  test('a resumed campaign counts what earlier runs booked; no ceiling books anything', () => {
    using dir = tempDir();
    ledgerIn(dir.path, 1).reserve('rollout', 'earlier', 1, 0.9);
    const resumed = ledgerIn(dir.path, 1);
    expect(resumed.tryReserve('rollout', 'x', 1, 0.2)).toBeNull();
    using free = tempDir();
    const open = ledgerIn(free.path, null);
    expect(open.tryReserve('rollout', 'x', 1, 1e6)).toBe('x');
    expect(open.remainingUsd()).toBeNull();
  });

  test('refuses a negative ceiling naming --max-usd', () => {
    using dir = tempDir();
    expect(() => ledgerIn(dir.path, -1)).toThrow('`max-usd`');
  });
});

describe('spend gate', () => {
  test('nothing runs without --confirm-spend', () => {
    const plan = planWith({ prices: { inputPer1m: 0.5, outputPer1m: 0 } });
    expect(() => assertSpendAllowed(plan, { confirmSpend: false, maxUsd: null })).toThrow(
      expect.objectContaining({ code: 'SPEND_NOT_CONFIRMED', message: expect.stringContaining('$2.00') }),
    );
  });

  test('an unknown price with a ceiling fails closed, naming the flag', () => {
    const plan = planWith({ prices: { outputPer1m: 0 } });
    expect(() => assertSpendAllowed(plan, { confirmSpend: true, maxUsd: 5 })).toThrow(
      expect.objectContaining({
        code: 'SPEND_PRICE_UNKNOWN',
        message: '`--max-usd 5` cannot be enforced while a price is unknown: give `--usd-per-1m-input`',
      }),
    );
    // Without a ceiling there is nothing to enforce.
    expect(() => assertSpendAllowed(plan, { confirmSpend: true, maxUsd: null })).not.toThrow();
  });

  test('the embed price matters only when building indexes', () => {
    const plan = planWith({
      prices: { inputPer1m: 0.5, outputPer1m: 0 },
      corpora: [{ key: 'workspace', state: 'missing', sourceBytes: 400 }],
      embeddings: true,
    });
    expect(() => assertSpendAllowed(plan, { confirmSpend: true, maxUsd: 5 })).not.toThrow();
    expect(() => assertSpendAllowed(plan, { confirmSpend: true, maxUsd: 5, buildIndexes: true })).toThrow(
      '`--usd-per-1m-embed`',
    );
  });

  test('the index build comes off the ceiling first, then the arms share the rest', () => {
    // Missing corpus: 4,000,000 bytes / 4 = 1,000,000 tokens at $0.25 = $0.25; a rollout costs $0.5.
    const plan = planWith({
      prices: { inputPer1m: 0.5, outputPer1m: 0, embedPer1m: 0.25 },
      corpora: [{ key: 'workspace', state: 'missing', sourceBytes: 4_000_000 }],
      buildIndexes: true,
      embeddings: true,
    });
    using dir = tempDir();
    const file = join(dir.path, 'spend.jsonl');
    const book = openCampaignSpend(plan, { confirmSpend: true, maxUsd: 1, buildIndexes: true, file });
    expect(book.bookings()).toEqual([{ kind: 'index_build', key: 'corpora', usd: 0.25 }]);
    expect(book.tryReserve('rollout', 'baseline/t1', 1, 0.5)).not.toBeNull();
    expect(book.tryReserve('rollout', 'candidate/t1', 1, 0.5)).toBeNull();
    using other = tempDir();
    const below = {
      confirmSpend: true,
      maxUsd: 0.2,
      buildIndexes: true,
      file: join(other.path, 'spend.jsonl'),
    };
    expect(() => openCampaignSpend(plan, below)).toThrow(
      expect.objectContaining({ code: 'SPEND_CEILING_BELOW_BUILD' }),
    );
  });

  test('a ceiling below one rollout is a budget floor, refused before anything is booked', () => {
    // A rollout at the plan's bound costs $0.5 (as above): $0.4 covers none; with the $0.25 build, $0.7 neither.
    const plan = planWith({ prices: { inputPer1m: 0.5, outputPer1m: 0 } });
    expect(plan.arms.map((arm) => arm.usd_per_rollout)).toEqual([0.5, 0.5]);
    expect(() => assertSpendAllowed(plan, { confirmSpend: true, maxUsd: 0.4 })).toThrow(
      expect.objectContaining({
        code: 'SPEND_CEILING_BELOW_ONE_ROLLOUT',
        message:
          "`--max-usd 0.4` does not cover one rollout ($0.5000 at the plan's bound): raise it, or lower `--turn-budget` or `--context-tokens-per-turn`",
      }),
    );
    expect(() => assertSpendAllowed(plan, { confirmSpend: true, maxUsd: 0.5 })).not.toThrow();
    const building = planWith({
      prices: { inputPer1m: 0.5, outputPer1m: 0, embedPer1m: 0.25 },
      corpora: [{ key: 'workspace', state: 'missing', sourceBytes: 4_000_000 }],
      buildIndexes: true,
      embeddings: true,
    });
    expect(() =>
      assertSpendAllowed(building, { confirmSpend: true, maxUsd: 0.7, buildIndexes: true }),
    ).toThrow(
      /does not cover one rollout \(\$0\.5000 at the plan's bound, after \$0\.2500 of index builds\)/,
    );
  });
});
