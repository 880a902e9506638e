// Group-sequential looks against the fixed design they replace (issue 37, item 3), on simulated
// paired differences through the REAL code: the fixed design is the report's test (Wilcoxon
// signed-rank, one-sided at alpha) on the n tasks `tasksNeeded` gives for 80% power; the
// sequential design looks after each of K equal batches, compares `sequentialZ` of the
// differences so far with the boundaries (`sequentialBoundaries` two-sided at 2 alpha, so the
// success side spends the fixed test's alpha) and stops for success, harm or futility
// (`futilityBoundaries`, conditional power under the planned effect below 0.1, non-binding).
// Figures: false acceptance at effect 0, power and expected spend (tasks run / the fixed n) at
// the planned effect, beside the recursion's predictions and Wald's SPRT bound (the least
// expected sample any test with these error rates can have: Wald & Wolfowitz 1948).
//   npm run bench:sequential  [-- --runs 20000]

import { compareLooksPlan } from '../src/optimize/compare/compare-looks.js';
import {
  createRandom,
  futilityBoundaries,
  lookDecision,
  lookSizes,
  type RandomSource,
  type Spending,
  sequentialBoundaries,
  sequentialOutcome,
  sequentialZ,
  tasksNeeded,
  wilcoxonSignedRank,
} from '../src/stats/index.js';
import { benchLine } from './bench-line.js';
import { normal } from './simulated-rollout.js';

const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 20000;
const ALPHA = 0.05;
const SD = 0.3;
const EFFECT = 0.1;
const LOOKS = 5;
const THRESHOLD = 0.1;

const n = tasksNeeded({ sd: SD, effect: EFFECT, alpha: ALPHA, sided: 'one' })!;
const drift = (EFFECT * Math.sqrt(n)) / SD;
const sizes = lookSizes(n, LOOKS);

interface Rates {
  accept: number;
  spend: number;
}

function fixedRate(effect: number, random: RandomSource): number {
  let accepted = 0;
  for (let run = 0; run < RUNS; run++) {
    const d = Array.from({ length: n }, () => effect + SD * normal(random));
    if (wilcoxonSignedRank(d, { alternative: 'greater' }).pvalue <= ALPHA) accepted++;
  }
  return accepted / RUNS;
}

function sequentialRates(spending: Spending, effect: number, random: RandomSource): Rates {
  const design = sequentialBoundaries({ looks: LOOKS, alpha: 2 * ALPHA, spending });
  const futility = futilityBoundaries(design, { drift, threshold: THRESHOLD });
  let accepted = 0;
  let spent = 0;
  for (let run = 0; run < RUNS; run++) {
    const d = Array.from({ length: n }, () => effect + SD * normal(random));
    for (let k = 0; k < LOOKS; k++) {
      const decision = lookDecision(design, futility, k, sequentialZ(d.slice(0, sizes[k])));
      if (decision === 'continue' && k < LOOKS - 1) continue;
      if (decision === 'success') accepted++;
      spent += sizes[k]!;
      break;
    }
  }
  return { accept: accepted / RUNS, spend: spent / RUNS / n };
}

function predicted(spending: Spending, at: number): { power: number; spend: number } {
  const design = sequentialBoundaries({ looks: LOOKS, alpha: 2 * ALPHA, spending });
  const outcome = sequentialOutcome(design, {
    drift: at,
    futility: futilityBoundaries(design, { drift, threshold: THRESHOLD }),
  });
  return { power: outcome.power, spend: outcome.expectedFraction };
}

// Wald's approximation to the SPRT's expected sample at the alternative, in tasks of sd SD.
const beta = 0.2;
const wald =
  (2 * ((1 - beta) * Math.log((1 - beta) / ALPHA) + beta * Math.log(beta / (1 - ALPHA)))) /
  (EFFECT / SD) ** 2;

console.log(
  `paired differences ~ N(effect, ${SD}); fixed design: ${n} tasks (tasksNeeded, 80% power at ${EFFECT}, one-sided ${ALPHA}),` +
    ` Wilcoxon; sequential: ${LOOKS} looks at ${sizes.join(', ')} tasks, two-sided ${2 * ALPHA}, futility below ${THRESHOLD} conditional power; ${RUNS} runs a row`,
);
const started = performance.now();
const powerFixed = fixedRate(EFFECT, createRandom('fixed-effect'));
const fprFixed = fixedRate(0, createRandom('fixed-null'));
console.log(`fixed:   false acceptance ${fprFixed.toFixed(4)}  power ${powerFixed.toFixed(4)}  spend 1`);
const figures: Record<string, number> = {};
for (const spending of ['obrien-fleming', 'pocock'] as const) {
  const atNull = sequentialRates(spending, 0, createRandom(`${spending}-null`));
  const atEffect = sequentialRates(spending, EFFECT, createRandom(`${spending}-effect`));
  const p1 = predicted(spending, drift);
  const p0 = predicted(spending, 0);
  console.log(
    `${spending.padEnd(15)} false acceptance ${atNull.accept.toFixed(4)} (recursion ${p0.power.toFixed(4)})  power ${atEffect.accept.toFixed(4)} (recursion ${p1.power.toFixed(4)})` +
      `  spend at the effect ${atEffect.spend.toFixed(3)} (recursion ${p1.spend.toFixed(3)}), at 0 ${atNull.spend.toFixed(3)}`,
  );
  const tag = spending === 'pocock' ? '_pocock' : '';
  figures[`fpr${tag}`] = atNull.accept;
  figures[`power${tag}`] = atEffect.accept;
  figures[`expected_spend_ratio${tag}`] = atEffect.spend;
  figures[`null_spend_ratio${tag}`] = atNull.spend;
}
console.log(
  `Wald's SPRT bound at the effect: ${(wald / n).toFixed(3)} of the fixed design (${wald.toFixed(1)} tasks)`,
);

// A comparison in looks (`compare --looks`): SYSTEMS systems against one reference, each task's
// differences sharing the reference's noise (a system's difference is its own draw minus the
// reference's, each of half the variance); each system tested two-sided at ALPHA / SYSTEMS
// (`compareLooksPlan`: Bonferroni, no futility), the comparison stopping once every system has
// crossed. Figures: the family-wise rate of any crossing when every system is the reference's
// equal (goal <= ALPHA), the share of runs where every system crossed on its true side when each
// is better by EFFECT, and the tasks run over the fixed design's (two-sided ALPHA / SYSTEMS, 80%).
const SYSTEMS = 2;
const nCompare = tasksNeeded({ sd: SD, effect: EFFECT, alpha: ALPHA / SYSTEMS, sided: 'two' })!;
const comparePlan = compareLooksPlan({ looks: LOOKS, tasks: nCompare, rolloutsUsd: 0, systems: SYSTEMS });
const compareDesign = sequentialBoundaries({ looks: LOOKS, alpha: comparePlan.alpha });
function compareRates(effect: number, random: RandomSource): { any: number; all: number; spend: number } {
  let any = 0;
  let all = 0;
  let spent = 0;
  const half = SD / Math.SQRT2;
  for (let run = 0; run < RUNS; run++) {
    const reference = Array.from({ length: nCompare }, () => half * normal(random));
    const systems = Array.from({ length: SYSTEMS }, () =>
      reference.map((r) => effect + half * normal(random) - r),
    );
    const decided = new Map<number, string>();
    let ran = nCompare;
    for (let k = 0; k < LOOKS; k++) {
      systems.forEach((d, j) => {
        if (decided.has(j)) return;
        const decision = lookDecision(
          compareDesign,
          null,
          k,
          sequentialZ(d.slice(0, comparePlan.tasks_at[k])),
        );
        if (decision !== 'continue') decided.set(j, decision);
      });
      if (decided.size === SYSTEMS) {
        ran = comparePlan.tasks_at[k]!;
        break;
      }
    }
    if (decided.size > 0) any++;
    if ([...decided.values()].filter((d) => d === 'success').length === SYSTEMS) all++;
    spent += ran;
  }
  return { any: any / RUNS, all: all / RUNS, spend: spent / RUNS / nCompare };
}
const compareNull = compareRates(0, createRandom('compare-null'));
const compareEffect = compareRates(EFFECT, createRandom('compare-effect'));
console.log(
  `compare, ${SYSTEMS} systems, ${LOOKS} looks at ${comparePlan.tasks_at.join(', ')} tasks, each two-sided ${comparePlan.alpha}: family-wise false crossing ${compareNull.any.toFixed(4)}; at the effect every system crossed better ${compareEffect.all.toFixed(4)}, tasks run ${compareEffect.spend.toFixed(3)} of ${nCompare} (${compareNull.spend.toFixed(3)} with no effect)`,
);
console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
benchLine('sequential', {
  fpr: figures.fpr!,
  power: figures.power!,
  power_fixed: powerFixed,
  expected_spend_ratio: figures.expected_spend_ratio!,
  null_spend_ratio: figures.null_spend_ratio!,
  fpr_pocock: figures.fpr_pocock!,
  power_pocock: figures.power_pocock!,
  expected_spend_ratio_pocock: figures.expected_spend_ratio_pocock!,
  fpr_fixed: fprFixed,
  sprt_bound_ratio: wald / n,
  compare_fwer: compareNull.any,
  compare_power_all: compareEffect.all,
  compare_spend_ratio: compareEffect.spend,
});
