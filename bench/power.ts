// The plan's power formulas (src/stats/power*.ts) against the REAL tests: simulated paired runs
// through pairedComparison (Wilcoxon signed-rank for continuous rows, McNemar exact for 0/1 rows,
// one-sided in the row's direction as the report tests), the observed rejection rate beside the
// formula's prediction (powerAtEffect with its default small-sample correction; 0/1 rows at K = 1:
// powerAtEffectBinary, the exact test's); the MDE rows at the plain normal approximation (at K = 1
// for 0/1 rows: Connor's) and as the functions give them by default;
// then optimizer campaigns on a 30-task held-out slice. Sections: power-continuous.ts,
// power-binary.ts, power-acceptance.ts.
// Run: npm run bench:power -- [runs = 2000] [campaigns = 500]   (campaigns 0 skips them)
// Nothing here is asserted; the figures go in the notes.
import { acceptancePower } from './power-acceptance.js';
import { binaryRows } from './power-binary.js';
import { continuousRows } from './power-continuous.js';

const RUNS = Number(process.argv[2] ?? 2000);
const CAMPAIGNS = Number(process.argv[3] ?? 500);

const started = performance.now();
continuousRows(RUNS);
binaryRows(RUNS);
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s for the test-level runs`);
if (CAMPAIGNS > 0) await acceptancePower(CAMPAIGNS);
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s in all`);
