import { expect, test } from 'vitest';
import { fuzzCeiling } from './ceiling-fuzz.js';

// A few random campaigns here (bench/ceiling-fuzz.ts runs hundreds): random prices, turn budgets,
// context growth, reply lengths, latency and concurrency never take a rollout past its booking
// nor a campaign past its ceiling.
test('the ceiling fuzz: no rollout over its booking, no campaign over its ceiling', async () => {
  const figures = await fuzzCeiling({ cases: 6, seed: 7 });
  expect(figures.cases).toBe(6);
  expect(figures.rollouts).toBeGreaterThan(12);
  expect(figures.overBooking).toBe(0);
  expect(figures.overCeiling).toBe(0);
  expect(figures.maxShareOfBooking).toBeLessThanOrEqual(1);
  // The cases are hard enough to make the cap act.
  expect(figures.cutRequests).toBeGreaterThan(0);
}, 60_000);
