// Clustered tasks (issue 37, item 1): false positives of the naive paired tests against the
// clustered one, on simulated paired differences through the REAL code. K clusters (corpora,
// repositories) of M tasks each; the candidate helps on some clusters and hurts on others, zero on
// average over clusters (a cluster effect ~ N(0, BETWEEN)), plus per-task noise ~ N(0, WITHIN).
// Each run asks "did the candidate change the metric?" (two-sided at 0.05) three ways: Wilcoxon
// signed-rank on the K*M task differences, a naive paired bootstrap interval excluding 0, and
// `clusteredPairedTest` (cluster sign-flip p). Figures: each test's false-positive rate with no
// effect, and the clustered test's power at a shift of EFFECT.
//   npm run bench:clustered  [-- --runs 4000]
import { bootstrapCI, clusteredPairedTest, createRandom, wilcoxonSignedRank } from '../src/stats/index.js';
import { benchLine } from './bench-line.js';
import { normal } from './simulated-rollout.js';

const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 4000;
const CLUSTERS = 12;
const PER_CLUSTER = 5;
const BETWEEN = 0.3;
const WITHIN = 0.3;
const EFFECT = 0.3;
const ALPHA = 0.05;

const random = createRandom(37);
const clusters = Array.from({ length: CLUSTERS * PER_CLUSTER }, (_, i) => `c${Math.floor(i / PER_CLUSTER)}`);

function draw(effect: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < CLUSTERS; c++) {
    const shift = effect + BETWEEN * normal(random);
    for (let t = 0; t < PER_CLUSTER; t++) out.push(shift + WITHIN * normal(random));
  }
  return out;
}

function rates(effect: number) {
  let wilcoxon = 0;
  let bootstrap = 0;
  let clustered = 0;
  for (let run = 0; run < RUNS; run++) {
    const d = draw(effect);
    if (wilcoxonSignedRank(d).pvalue < ALPHA) wilcoxon++;
    const interval = bootstrapCI(d, { seed: run });
    if (interval.low! > 0 || interval.high! < 0) bootstrap++;
    if (clusteredPairedTest(d, clusters, { seed: run }).pvalue! < ALPHA) clustered++;
  }
  return { wilcoxon: wilcoxon / RUNS, bootstrap: bootstrap / RUNS, clustered: clustered / RUNS };
}

const started = performance.now();
const nullRates = rates(0);
const power = rates(EFFECT);
const seconds = (performance.now() - started) / 1000;
console.log(
  `${CLUSTERS} clusters x ${PER_CLUSTER} tasks, cluster sd ${BETWEEN}, task sd ${WITHIN}, ${RUNS} runs a row (${seconds.toFixed(1)} s)`,
);
console.log('test                     false positives (effect 0)   power (effect 0.3)');
for (const key of ['wilcoxon', 'bootstrap', 'clustered'] as const) {
  console.log(
    `${key.padEnd(24)} ${nullRates[key].toFixed(3).padStart(10)}                 ${power[key].toFixed(3)}`,
  );
}
benchLine('clustered', {
  fpr_wilcoxon: nullRates.wilcoxon,
  fpr_bootstrap: nullRates.bootstrap,
  fpr_clustered: nullRates.clustered,
  power_clustered: power.clustered,
  runs: RUNS,
});
