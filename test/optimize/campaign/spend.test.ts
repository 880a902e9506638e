import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadLlmBlock } from '../../../src/agent/llm/load-block.js';
import { buildPlan, type PlanInput } from '../../../src/optimize/before-after/plan.js';
import {
  assertSpendAllowed,
  createSpendBook,
  openCampaignSpend,
} from '../../../src/optimize/campaign/spend/spend-gate.js';
import { tempDir } from './helpers.js';

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
    // 1 turn of 1,000,000 input and 0 output tokens: a rollout costs exactly the input price.
    turnBudget: 1,
    contextTokensPerTurn: 1_000_000,
    outputTokensPerTurn: 0,
    ...extra,
  });
}

describe('spend book', () => {
  test('books before each step and refuses the one that would cross the ceiling', () => {
    const book = createSpendBook({ ceilingUsd: 1 });
    expect(book.tryBook('rollout', 'baseline/t1', 0.4)).toBe(true);
    expect(book.tryBook('rollout', 'candidate/t1', 0.4)).toBe(true);
    expect(book.tryBook('rollout', 'baseline/t2', 0.4)).toBe(false);
    expect(book.tryBook('judge', 'j1', 0.2)).toBe(true);
    expect(book.bookedUsd()).toBeCloseTo(1, 12);
    expect(book.remainingUsd()).toBeCloseTo(0, 12);
    expect(book.bookings().map((b) => b.key)).toEqual(['baseline/t1', 'candidate/t1', 'j1']);
  });

  test('lands exactly on the ceiling despite float sums (0.1 x 3 = 0.3)', () => {
    const book = createSpendBook({ ceilingUsd: 0.3 });
    expect([1, 2, 3, 4].map(() => book.tryBook('rollout', 'x', 0.1))).toEqual([true, true, true, false]);
  });

  test('a resumed campaign counts what earlier runs booked; no ceiling books anything', () => {
    const resumed = createSpendBook({ ceilingUsd: 1, alreadyBookedUsd: 0.9 });
    expect(resumed.tryBook('rollout', 'x', 0.2)).toBe(false);
    const open = createSpendBook({ ceilingUsd: null });
    expect(open.tryBook('rollout', 'x', 1e6)).toBe(true);
    expect(open.remainingUsd()).toBeNull();
  });

  test('refuses a negative ceiling naming --max-usd', () => {
    expect(() => createSpendBook({ ceilingUsd: -1 })).toThrow('`max-usd`');
  });
});

describe('spend gate', () => {
  test('nothing runs without --confirm-spend', () => {
    const plan = planWith({ prices: { inputPer1m: 0.5, outputPer1m: 1 } });
    expect(() => assertSpendAllowed(plan, { confirmSpend: false, maxUsd: null })).toThrow(
      expect.objectContaining({ code: 'SPEND_NOT_CONFIRMED', message: expect.stringContaining('$2.00') }),
    );
  });

  test('an unknown price with a ceiling fails closed, naming the flag', () => {
    const plan = planWith({ prices: { outputPer1m: 1 } });
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
      prices: { inputPer1m: 0.5, outputPer1m: 1 },
      corpora: [{ key: 'workspace', state: 'missing', sourceBytes: 400 }],
    });
    expect(() => assertSpendAllowed(plan, { confirmSpend: true, maxUsd: 5 })).not.toThrow();
    expect(() => assertSpendAllowed(plan, { confirmSpend: true, maxUsd: 5, buildIndexes: true })).toThrow(
      '`--usd-per-1m-embed`',
    );
  });

  test('the index build comes off the ceiling first, then the arms share the rest', () => {
    // Missing corpus: 4,000,000 bytes / 4 = 1,000,000 tokens at $0.25 = $0.25; a rollout costs $0.5.
    const plan = planWith({
      prices: { inputPer1m: 0.5, outputPer1m: 1, embedPer1m: 0.25 },
      corpora: [{ key: 'workspace', state: 'missing', sourceBytes: 4_000_000 }],
      buildIndexes: true,
    });
    const book = openCampaignSpend(plan, { confirmSpend: true, maxUsd: 1, buildIndexes: true });
    expect(book.bookings()).toEqual([{ kind: 'index_build', key: 'corpora', usd: 0.25 }]);
    expect(book.tryBook('rollout', 'baseline/t1', 0.5)).toBe(true);
    expect(book.tryBook('rollout', 'candidate/t1', 0.5)).toBe(false);
    expect(() => openCampaignSpend(plan, { confirmSpend: true, maxUsd: 0.2, buildIndexes: true })).toThrow(
      expect.objectContaining({ code: 'SPEND_CEILING_BELOW_BUILD' }),
    );
  });
});
