// Speed of the statistics a report rests on. Run: npx tsx bench/stats.ts
// Figures are compared with a bare baseline measured in the same run (ratios), since these
// machines are noisy; nothing here is asserted.
import { bootstrapCI, createRandom, pairedComparison, wilcoxonSignedRank } from '../src/stats/index.js';

function time<T>(label: string, run: () => T, repeats = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  console.log(`${label.padEnd(58)} ${best.toFixed(1).padStart(9)} ms`);
  return best;
}

const random = createRandom('bench');
// Heavy ties: integer differences in -3..3, a quarter of them zero, as count metrics produce.
const tied = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 7) - 3);

console.log('exact Wilcoxon (exact conditional distribution), heavy ties and zeros');
for (const n of [50, 200, 1000]) {
  const d = tied(n);
  time(
    `  n = ${n}`,
    () => wilcoxonSignedRank(d, { method: 'exact', alternative: 'less' }),
    n === 1000 ? 2 : 5,
  );
}
const d1000 = tied(1000);
time('  n = 1000 asymptotic (for scale)', () => wilcoxonSignedRank(d1000, { method: 'asymptotic' }));

console.log("a report's worth: 40 rows x 1000 resamples x 1000 tasks");
const tasks = Array.from({ length: 1000 }, (_, i) => `task-${i}`);
const rows = Array.from({ length: 40 }, (_, r) => {
  const binary = r % 4 === 0;
  const value = () => (binary ? (random() < 0.6 ? 1 : 0) : Math.floor(random() * 12));
  return {
    binary,
    baseline: Object.fromEntries(tasks.map((t) => [t, value()])),
    candidate: Object.fromEntries(tasks.map((t) => [t, value()])),
  };
});
const report = time('  40 pairedComparison rows (bootstrap + test)', () =>
  rows.map((row) =>
    pairedComparison(row.baseline, row.candidate, {
      kind: row.binary ? 'binary' : 'continuous',
      direction: 'lower',
    }),
  ),
);
const bootOnly = time('  40 bootstrapCI only', () =>
  rows.map((row) => bootstrapCI(Object.values(row.baseline))),
);
const bare = time('  baseline: bare 40 x 1000 x 1000 Math.random index-and-sum', () => {
  const data = new Float64Array(1000).map(() => random());
  let total = 0;
  for (let r = 0; r < 40 * 1000; r++) {
    let sum = 0;
    for (let i = 0; i < 1000; i++) sum += data[Math.floor(Math.random() * 1000)]!;
    total += sum;
  }
  return total;
});
console.log(`  ratio report / bare resampling loop: ${(report / bare).toFixed(2)}x`);
console.log(`  ratio bootstrap-only / bare resampling loop: ${(bootOnly / bare).toFixed(2)}x`);
console.log(`  target: a 40-row report's statistics under 1000 ms -> ${report < 1000 ? 'met' : 'NOT met'}`);
