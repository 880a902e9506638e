import { expectTypeOf, test } from 'vitest';
import type {
  LedgerLine,
  Plan,
  PlanInput,
  PreparedArm,
  RunArmsResult,
  RunCampaignOptions,
  RunCampaignResult,
  SpendBook,
} from '../../src/optimize/index.js';
import {
  buildPlan,
  createSpendBook,
  openLedger,
  prepareArm,
  runArms,
  runCampaign,
} from '../../src/optimize/index.js';

test('the optimize entry offers the plan, spend, ledger, arms and the campaign runner', () => {
  expectTypeOf(buildPlan).toEqualTypeOf<(input: PlanInput) => Plan>();
  expectTypeOf(createSpendBook).returns.toEqualTypeOf<SpendBook>();
  expectTypeOf(openLedger).returns.toHaveProperty('append').toEqualTypeOf<(line: LedgerLine) => void>();
  expectTypeOf(prepareArm).returns.toEqualTypeOf<Promise<PreparedArm>>();
  expectTypeOf(runArms).returns.toEqualTypeOf<Promise<RunArmsResult>>();
  expectTypeOf(runCampaign).toEqualTypeOf<(options: RunCampaignOptions) => Promise<RunCampaignResult>>();
  expectTypeOf<Plan['unknown_prices']>().toEqualTypeOf<string[]>();
});
