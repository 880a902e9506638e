// "No worse than" as a verdict that can be earned (issue 37, item 2): the error rates of the
// non-inferiority and equivalence tests on simulated paired differences, through the REAL code,
// beside the rule they replace ("no significant loss" read as "no regression").
// Differences ~ N(mu, SD) over N tasks; margin M. At mu = -M (a loss as large as the margin) a
// non-inferiority test may pass at most 5% of the time; the naive rule (one-sided Wilcoxon not
// significant for a loss) says "no regression" far more often. At mu = M (an edge of the
// equivalence band) TOST may pass at most 5%; at mu = 0 both have power.
//   npm run bench:margins  [-- --runs 20000]
import { createRandom, equivalenceTest, nonInferiorityTest, wilcoxonSignedRank } from '../src/stats/index.js';
import { benchLine } from './bench-line.js';
import { normal } from './simulated-rollout.js';

const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 20000;
const N = 12;
const SD = 0.3;
const MARGIN = 0.2;
const ALPHA = 0.05;
const random = createRandom(372);

function rates(mu: number) {
  let noninferior = 0;
  let equivalent = 0;
  let naive = 0;
  for (let run = 0; run < RUNS; run++) {
    const d = Array.from({ length: N }, () => mu + SD * normal(random));
    if (nonInferiorityTest(d, { margin: MARGIN, direction: 'higher', alpha: ALPHA }).passed) noninferior++;
    if (equivalenceTest(d, { low: -MARGIN, high: MARGIN, alpha: ALPHA }).passed) equivalent++;
    if (wilcoxonSignedRank(d, { alternative: 'less' }).pvalue >= ALPHA) naive++;
  }
  return { noninferior: noninferior / RUNS, equivalent: equivalent / RUNS, naive: naive / RUNS };
}

const started = performance.now();
const atLoss = rates(-MARGIN);
const atEdge = rates(MARGIN);
const atZero = rates(0);
const seconds = (performance.now() - started) / 1000;
console.log(`${N} tasks, sd ${SD}, margin ${MARGIN}, ${RUNS} runs a row (${seconds.toFixed(1)} s)`);
console.log(
  `true mean -${MARGIN} (a loss of the margin): non-inferiority passes ${atLoss.noninferior.toFixed(3)}, "no significant loss" says no regression ${atLoss.naive.toFixed(3)}`,
);
console.log(`true mean +${MARGIN} (the band's edge): equivalence passes ${atEdge.equivalent.toFixed(3)}`);
console.log(
  `true mean 0: non-inferiority passes ${atZero.noninferior.toFixed(3)}, equivalence ${atZero.equivalent.toFixed(3)}`,
);
benchLine('margins', {
  noninferiority_false_pass: atLoss.noninferior,
  naive_no_regression_at_loss: atLoss.naive,
  equivalence_false_pass: atEdge.equivalent,
  noninferiority_power: atZero.noninferior,
  equivalence_power: atZero.equivalent,
  runs: RUNS,
});
