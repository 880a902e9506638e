import { expectTypeOf, test } from 'vitest';
import type {
  LedgerLine,
  Plan,
  PlanInput,
  PreparedArm,
  RunArmsResult,
  RunCampaignOptions,
  RunCampaignResult,
  SpendLedger,
} from '../../src/optimize/index.js';
import {
  buildPlan,
  openLedger,
  openSpendLedger,
  prepareArm,
  runArms,
  runCampaign,
} from '../../src/optimize/index.js';

test('the optimize entry offers the plan, spend, ledger, arms and the campaign runner', () => {
  expectTypeOf(buildPlan).toEqualTypeOf<(input: PlanInput) => Plan>();
  expectTypeOf(openSpendLedger).returns.toEqualTypeOf<SpendLedger>();
  expectTypeOf(openLedger).returns.toHaveProperty('append').toEqualTypeOf<(line: LedgerLine) => void>();
  expectTypeOf(prepareArm).returns.toEqualTypeOf<Promise<PreparedArm>>();
  expectTypeOf(runArms).returns.toEqualTypeOf<Promise<RunArmsResult>>();
  expectTypeOf(runCampaign).toEqualTypeOf<(options: RunCampaignOptions) => Promise<RunCampaignResult>>();
  expectTypeOf<Plan['unknown_prices']>().toEqualTypeOf<string[]>();
});

test("the optimize entry offers the optimizer's loop: money, proposer, judge, logs and trace", async () => {
  const api = await import('../../src/optimize/index.js');
  expectTypeOf(api.optimize).returns.toEqualTypeOf<
    Promise<import('../../src/optimize/index.js').OptimizationResult | null>
  >();
  expectTypeOf(api.openSpendLedger).returns.toEqualTypeOf<
    import('../../src/optimize/index.js').SpendLedger
  >();
  expectTypeOf(api.campaignMoney).returns.toEqualTypeOf<
    import('../../src/optimize/index.js').CampaignMoney
  >();
  expectTypeOf(api.reflectiveProposer).returns.toEqualTypeOf<
    import('../../src/optimize/index.js').Proposer
  >();
  expectTypeOf(api.loggedProposer).returns.toEqualTypeOf<import('../../src/optimize/index.js').Proposer>();
  expectTypeOf(api.screeningRollouts).returns.toEqualTypeOf<number>();
  expectTypeOf(api.rolloutTokens).returns.toEqualTypeOf<{ input: number; output: number }>();
  for (const name of [
    'loopJudge',
    'objectiveTrace',
    'worstRuns',
    'claimRunDir',
    'openCampaignModels',
  ] as const)
    if (typeof api[name] !== 'function') throw new Error(`${name} is not exported`);
});
