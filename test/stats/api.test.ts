import { expectTypeOf, test } from 'vitest';
import {
  type BootstrapInterval,
  bootstrapCI,
  type PairedResult,
  pairedComparison,
  type Split,
  stratifiedSplit,
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
});
