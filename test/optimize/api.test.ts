import { expect, expectTypeOf, test } from 'vitest';
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
import { openCampaignModels } from '../../src/optimize/optimizer/campaign-models.js';
import { claimRunDir } from '../../src/optimize/optimizer/config/fingerprint.js';
import { loopJudge } from '../../src/optimize/optimizer/evaluate/loop-judge.js';
import { type CampaignMoney, campaignMoney } from '../../src/optimize/optimizer/money/campaign-money.js';
import { rolloutTokens } from '../../src/optimize/optimizer/money/estimate.js';
import { objectiveTrace } from '../../src/optimize/optimizer/objective-trace.js';
import { loggedProposer } from '../../src/optimize/optimizer/propose/proposal-log.js';
import { reflectiveProposer } from '../../src/optimize/optimizer/propose/reflective-proposer.js';
import { worstRuns } from '../../src/optimize/optimizer/propose/worst-runs.js';
import { screeningRollouts } from '../../src/optimize/optimizer/screen/screening.js';

test('the optimize entry offers the plan, spend, ledger, arms and the campaign runner', () => {
  expectTypeOf(buildPlan).toEqualTypeOf<(input: PlanInput) => Plan>();
  expectTypeOf(openSpendLedger).returns.toEqualTypeOf<SpendLedger>();
  expectTypeOf(openLedger).returns.toHaveProperty('append').toEqualTypeOf<(line: LedgerLine) => void>();
  expectTypeOf(prepareArm).returns.toEqualTypeOf<Promise<PreparedArm>>();
  expectTypeOf(runArms).returns.toEqualTypeOf<Promise<RunArmsResult>>();
  expectTypeOf(runCampaign).toEqualTypeOf<(options: RunCampaignOptions) => Promise<RunCampaignResult>>();
  expectTypeOf<Plan['unknown_prices']>().toEqualTypeOf<string[]>();
});

// The optimizer's loop parts are not on the entry (a library user calls `optimize`); they are
// typed where they live.
test("the optimize entry offers the optimizer; the loop's parts are typed where they live", async () => {
  const api = await import('../../src/optimize/index.js');
  expectTypeOf(api.optimize).returns.toEqualTypeOf<
    Promise<import('../../src/optimize/index.js').OptimizationResult | null>
  >();
  expectTypeOf(api.openSpendLedger).returns.toEqualTypeOf<
    import('../../src/optimize/index.js').SpendLedger
  >();
  expectTypeOf(campaignMoney).returns.toEqualTypeOf<CampaignMoney>();
  expectTypeOf(reflectiveProposer).returns.toEqualTypeOf<import('../../src/optimize/index.js').Proposer>();
  expectTypeOf(loggedProposer).returns.toEqualTypeOf<import('../../src/optimize/index.js').Proposer>();
  expectTypeOf(screeningRollouts).returns.toEqualTypeOf<number>();
  expectTypeOf(rolloutTokens).returns.toEqualTypeOf<{ input: number; output: number }>();
  for (const fn of [loopJudge, objectiveTrace, worstRuns, claimRunDir, openCampaignModels])
    expect(fn).toBeTypeOf('function');
});
