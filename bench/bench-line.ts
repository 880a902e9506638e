// The one closing line every bench prints (issue 36): `{"bench": NAME, "figures": {...}, "load": [1m, 5m, 15m]}`,
// so a script (or a person) can collect each bench's figures and the machine load they were taken at.
import { loadavg } from 'node:os';

/**
 * Prints the bench's closing JSON line: its name, its figures (numbers, rounded to 3 decimals;
 * a figure that could not be measured is `null`) and the 1, 5 and 15 minute load averages.
 *
 * @example
 * benchLine('harness', { speedup8: 6.2 });
 * // {"bench":"harness","figures":{"speedup8":6.2},"load":[0.41,0.52,0.6]}
 */
export function benchLine(bench: string, figures: Record<string, number | null>): void {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const rounded = Object.fromEntries(
    Object.entries(figures).map(([key, value]) => [
      key,
      value === null || !Number.isFinite(value) ? null : round(value),
    ]),
  );
  console.log(JSON.stringify({ bench, figures: rounded, load: loadavg().map((value) => round(value)) }));
}
