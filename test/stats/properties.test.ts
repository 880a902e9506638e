import fc from 'fast-check';
import { expect, test } from 'vitest';
import { bootstrapCI } from '../../src/stats/bootstrap.js';
import { wilcoxonSignedRank } from '../../src/stats/wilcoxon.js';

// A fixed seed: a property run is reproducible in CI; change it locally to explore.
fc.configureGlobal({ seed: 20261130 });

const differences = fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 1, maxLength: 60 });
const methods = fc.constantFrom('auto' as const, 'exact' as const, 'asymptotic' as const);
const zeroMethods = fc.constantFrom('wilcox' as const, 'pratt' as const, 'zsplit' as const);

test('p is in [0, 1] for every option', () => {
  fc.assert(
    fc.property(differences, methods, zeroMethods, fc.boolean(), (d, method, zeroMethod, correction) => {
      for (const alternative of ['two-sided', 'greater', 'less'] as const) {
        const { pvalue } = wilcoxonSignedRank(d, { method, zeroMethod, correction, alternative });
        expect(pvalue).toBeGreaterThanOrEqual(0);
        expect(pvalue).toBeLessThanOrEqual(1);
      }
    }),
  );
});

test('the alternatives mirror each other when the signs flip', () => {
  fc.assert(
    fc.property(differences, methods, zeroMethods, (d, method, zeroMethod) => {
      const flipped = d.map((x) => -x);
      const greater = wilcoxonSignedRank(d, { method, zeroMethod, alternative: 'greater' }).pvalue;
      const lessFlipped = wilcoxonSignedRank(flipped, { method, zeroMethod, alternative: 'less' }).pvalue;
      expect(lessFlipped).toBeCloseTo(greater, 12);
      const two = wilcoxonSignedRank(d, { method, zeroMethod }).pvalue;
      expect(wilcoxonSignedRank(flipped, { method, zeroMethod }).pvalue).toBeCloseTo(two, 12);
    }),
  );
});

test('the exact one-sided p-values add up to 1 + P(T = t)', () => {
  fc.assert(
    fc.property(differences, (d) => {
      const greater = wilcoxonSignedRank(d, { method: 'exact', alternative: 'greater' }).pvalue;
      const less = wilcoxonSignedRank(d, { method: 'exact', alternative: 'less' }).pvalue;
      expect(greater + less).toBeGreaterThanOrEqual(1 - 1e-12);
    }),
  );
});

test('the bootstrap interval contains the mean of moderate samples', () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 5, maxLength: 50 }),
      (values) => {
        const { mean, low, high } = bootstrapCI(values, { resamples: 200 });
        expect(low!).toBeLessThanOrEqual(mean! + 1e-9);
        expect(high!).toBeGreaterThanOrEqual(mean! - 1e-9);
      },
    ),
    { numRuns: 50 },
  );
});
