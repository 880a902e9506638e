import { expectTypeOf, test } from 'vitest';
import {
  type BootstrapInterval,
  bootstrapCI,
  type ClusteredResult,
  clusteredPairedTest,
  type EquivalenceResult,
  equivalenceTest,
  futilityBoundaries,
  type LookDecision,
  lookDecision,
  type MarginResult,
  minimumDetectableEffect,
  minimumDetectableEffectBinary,
  nonInferiorityTest,
  type PairedResult,
  pairedComparison,
  powerAtEffect,
  powerAtEffectBinary,
  repeatedSd,
  type SequentialDesign,
  type SequentialOutcome,
  type Spending,
  type Split,
  sequentialBoundaries,
  sequentialOutcome,
  sequentialZ,
  stratifiedSplit,
  tasksNeeded,
  tasksNeededBinary,
  type VarianceComponents,
  varianceComponents,
  type WilcoxonResult,
  wilcoxonSignedRank,
} from '../../src/stats/index.js';

test('the public stats API keeps its types', () => {
  expectTypeOf(wilcoxonSignedRank).returns.toEqualTypeOf<WilcoxonResult>();
  expectTypeOf<WilcoxonResult['method']>().toEqualTypeOf<'exact' | 'asymptotic'>();
  expectTypeOf(bootstrapCI).returns.toEqualTypeOf<BootstrapInterval>();
  expectTypeOf<BootstrapInterval['mean']>().toEqualTypeOf<number | null>();
  expectTypeOf(pairedComparison).returns.toEqualTypeOf<PairedResult>();
  expectTypeOf<PairedResult['pvalue']>().toEqualTypeOf<number | null>();
  expectTypeOf(stratifiedSplit<{ id: string }>).returns.toEqualTypeOf<Split<{ id: string }>>();
  // Power: null when the input cannot say (unknown sd or discordance, too few tasks), never 0.
  for (const fn of [
    minimumDetectableEffect,
    minimumDetectableEffectBinary,
    powerAtEffect,
    powerAtEffectBinary,
  ]) {
    expectTypeOf(fn).returns.toEqualTypeOf<number | null>();
  }
  expectTypeOf(tasksNeeded).returns.toEqualTypeOf<number | null>();
  expectTypeOf(tasksNeededBinary).returns.toEqualTypeOf<number | null>();
  expectTypeOf(repeatedSd).returns.toEqualTypeOf<number | null>();
  expectTypeOf(varianceComponents).returns.toEqualTypeOf<VarianceComponents>();
  expectTypeOf(minimumDetectableEffect)
    .parameter(0)
    .toHaveProperty('sided')
    .toEqualTypeOf<'one' | 'two' | undefined>();
  // Clusters and margins: undefined is null, never 0.
  expectTypeOf(clusteredPairedTest).returns.toEqualTypeOf<ClusteredResult>();
  expectTypeOf<ClusteredResult['low']>().toEqualTypeOf<number | null>();
  expectTypeOf(equivalenceTest).returns.toEqualTypeOf<EquivalenceResult>();
  expectTypeOf(nonInferiorityTest).returns.toEqualTypeOf<MarginResult>();
  expectTypeOf<MarginResult['pvalue']>().toEqualTypeOf<number | null>();
  // Group-sequential looks: a statistic with too few pairs is null; no futility boundary at the last look.
  expectTypeOf(sequentialBoundaries).returns.toEqualTypeOf<SequentialDesign>();
  expectTypeOf<SequentialDesign['spending']>().toEqualTypeOf<Spending>();
  expectTypeOf(sequentialOutcome).returns.toEqualTypeOf<SequentialOutcome>();
  expectTypeOf(futilityBoundaries).returns.toEqualTypeOf<(number | null)[]>();
  expectTypeOf(sequentialZ).returns.toEqualTypeOf<number | null>();
  expectTypeOf(lookDecision).returns.toEqualTypeOf<LookDecision>();
});
