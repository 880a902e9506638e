// The ceiling fuzz at scale: random prices, turn budgets, per-turn assumptions, context growth,
// reply lengths, latency and concurrency through the real endpoint, MCP server, agent loop and
// spend ledger (test/optimize/campaign/ceiling-fuzz.ts). The figures go in the notes; a crossing
// is printed and exits 1.
// Run: npx tsx bench/ceiling-fuzz.ts [cases=300] [seed=1]
import { fuzzCeiling } from '../test/optimize/campaign/ceiling-fuzz.js';

const CASES = Number(process.argv[2] ?? 300);
const SEED = Number(process.argv[3] ?? 1);
const began = Date.now();
const figures = await fuzzCeiling({ cases: CASES, seed: SEED });
const seconds = (Date.now() - began) / 1000;
console.log(JSON.stringify({ ...figures, seed: SEED, seconds }, null, 2));
console.log(
  `${figures.cases} cases, ${figures.rollouts} rollouts, ${figures.requests} requests in ${seconds.toFixed(0)} s: ` +
    `${figures.overBooking} rollouts over their booking, ${figures.overCeiling} cases over the ceiling; ` +
    `largest use of a booking ${(100 * figures.maxShareOfBooking).toFixed(1)}%; ${figures.cutRequests} requests cut, ` +
    `${figures.capEnded} rollouts ended by the cap, ${figures.ceilingStops} cases stopped at the ceiling`,
);
if (figures.overBooking > 0 || figures.overCeiling > 0) process.exitCode = 1;
