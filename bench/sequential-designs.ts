// Can any design of the kind issue 37 names meet its spend goal? The goal: expected spend <= 0.60
// of the fixed design at the effect the plan is powered for, with power within 2 points of the
// fixed design and false acceptance <= alpha. The setting is `bench/sequential.ts`'s: paired
// differences of sd 0.3, effect 0.1, the fixed design the report's Wilcoxon on the n tasks
// `tasksNeeded` gives for 80% power at one-sided 0.05 (60 tasks; its simulated power 0.80).
// Each candidate: Lan-DeMets boundaries (`sequentialBoundaries`, two-sided 2 alpha, so the success
// side spends the fixed test's alpha), O'Brien-Fleming-like or Pocock-like, K equally spaced looks
// over R times the fixed n (R > 1 buys back the power early looks cost), with or without the
// non-binding futility rule at a conditional-power threshold. Power and expected spend come from
// the recursion (`sequentialOutcome`, to 3 decimals; `bench/sequential.ts` checks it by
// simulation): spend = R x the expected fraction of the looks run. Prints the designs with the
// least spend among those within 2 points of the fixed power, and ends with the least.
//   npm run bench:sequential-designs

import {
  futilityBoundaries,
  type Spending,
  sequentialBoundaries,
  sequentialOutcome,
  tasksNeeded,
} from '../src/stats/index.js';
import { benchLine } from './bench-line.js';

const ALPHA = 0.05;
const SD = 0.3;
const EFFECT = 0.1;
// The fixed design's power as `bench/sequential.ts` simulates it (Wilcoxon, 20,000 runs: 0.800).
const POWER_FIXED = 0.8;
const LOOKS = [5, 10, 20, 40];
const INFLATION = [1, 1.1, 1.2, 1.3, 1.4, 1.5];
const THRESHOLDS = [null, 0.05, 0.1, 0.2, 0.3];

const n = tasksNeeded({ sd: SD, effect: EFFECT, alpha: ALPHA, sided: 'one' })!;
const drift = (EFFECT * Math.sqrt(n)) / SD;

interface Candidate {
  label: string;
  power: number;
  spend: number;
}

const started = performance.now();
const candidates: Candidate[] = [];
for (const spending of ['obrien-fleming', 'pocock'] as const satisfies readonly Spending[]) {
  for (const looks of LOOKS) {
    const design = sequentialBoundaries({ looks, alpha: 2 * ALPHA, spending });
    for (const inflation of INFLATION) {
      // R times the tasks: the drift at the last look grows with sqrt(R).
      const planned = drift * Math.sqrt(inflation);
      for (const threshold of THRESHOLDS) {
        const futility =
          threshold === null ? undefined : futilityBoundaries(design, { drift: planned, threshold });
        const outcome = sequentialOutcome(design, { drift: planned, ...(futility && { futility }) });
        candidates.push({
          label: `${spending}, ${looks} looks over ${Math.round(n * inflation)} tasks (R ${inflation}), futility ${threshold ?? 'none'}`,
          power: outcome.power,
          spend: outcome.expectedFraction * inflation,
        });
      }
    }
  }
}
const eligible = candidates
  .filter((candidate) => candidate.power >= POWER_FIXED - 0.02)
  .sort((a, b) => a.spend - b.spend);
console.log(
  `fixed design: ${n} tasks (80% power at ${EFFECT}, sd ${SD}, one-sided ${ALPHA}); ${candidates.length} designs, ${eligible.length} within 2 points of its power`,
);
for (const { label, power, spend } of eligible.slice(0, 10))
  console.log(`  spend ${spend.toFixed(3)}  power ${power.toFixed(3)}  ${label}`);
console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
benchLine('sequential-designs', {
  least_spend_ratio: eligible[0]?.spend ?? null,
  designs: candidates.length,
  eligible: eligible.length,
});
