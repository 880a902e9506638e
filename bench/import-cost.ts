// What importing each published entry costs, from the built package (`npm run build` first):
// wall time of a fresh `node` that imports it, against a bare `node` started the same way, in the
// same run (ratios, since these machines are noisy). Give more checkouts (each built) to compare
// them in the same run: `npm run bench:import -- /tmp/older-checkout`. Nothing here is asserted.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const ENTRIES = [
  'agent-track',
  'agent-track/stats',
  'agent-track/trajectory',
  'agent-track/report',
  'agent-track/agent',
];
const RUNS = Number(process.env.RUNS ?? 15);
const checkouts = [resolve(import.meta.dirname, '..'), ...process.argv.slice(2).map((dir) => resolve(dir))];

function wallMs(cwd: string, code: string): number {
  const start = performance.now();
  execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd, stdio: 'ignore' });
  return performance.now() - start;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

// Interleaved, so a burst of load on the machine hits every column alike.
const samples = new Map<string, number[]>();
const key = (checkout: string, entry: string) => `${checkout}\0${entry}`;
for (let run = 0; run < RUNS; run++) {
  for (const checkout of checkouts) {
    const bare = samples.get(key(checkout, '')) ?? [];
    bare.push(wallMs(checkout, ''));
    samples.set(key(checkout, ''), bare);
    for (const entry of ENTRIES) {
      if (entry !== 'agent-track' && !existsSync(resolve(checkout, 'dist'))) continue;
      const list = samples.get(key(checkout, entry)) ?? [];
      try {
        list.push(wallMs(checkout, `await import(${JSON.stringify(entry)});`));
      } catch {
        continue; // an entry that checkout does not publish
      }
      samples.set(key(checkout, entry), list);
    }
  }
}

console.log(
  `median wall ms of ${RUNS} fresh node processes (ratio: over a bare node; vs: over the first checkout)`,
);
for (const entry of ENTRIES) {
  const first = samples.get(key(checkouts[0]!, entry));
  for (const checkout of checkouts) {
    const list = samples.get(key(checkout, entry));
    if (!list) continue;
    const bare = median(samples.get(key(checkout, ''))!);
    const ms = median(list);
    const vs = first ? ` vs ${(ms / median(first)).toFixed(2)}x` : '';
    console.log(
      `${entry.padEnd(24)} ${checkout.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms  ratio ${(ms / bare).toFixed(2)}x${vs}`,
    );
  }
}
