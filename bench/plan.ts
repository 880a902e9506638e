// What a user waits for before anything is spent, and for the whole demo (issue 36): a plan
// (`before-after` without --confirm-spend, on the demo product: each commit read from git, nothing
// checked out or set up) against `agent-track --help` in the same run, medians of RUNS each; then `demo`'s wall
// time. Ends with `{"bench":"plan","figures":{plan_vs_help, plan_seconds, help_seconds,
// demo_seconds}}`.
// Run: npm run bench:plan [runs=5]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seededDemoProduct } from '../test/optimize/before-after/kill-run.js';
import { benchLine } from './bench-line.js';

const RUNS = Number(process.argv[2] ?? 5);
const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'dist/cli/bin.js');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-plan-bench-'));

function seconds(args: readonly string[], expectCode = 0): number {
  const began = performance.now();
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  const took = (performance.now() - began) / 1000;
  if (result.status !== expectCode) {
    throw new Error(`agent-track ${args[0]} exited ${result.status}: ${result.stderr.slice(-400)}`);
  }
  return took;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

try {
  const cacheDir = join(scratch, 'cache');
  const product = await seededDemoProduct(root, join(scratch, 'product'), cacheDir);
  const plan = (i: number) => [
    'before-after',
    ...['--repo', product.repo, '--baseline', product.baseline, '--candidate', product.candidate],
    ...['--split', 'fixture-code/small_test', '--model', 'offline', '--cache-dir', cacheDir],
    ...['--out', join(scratch, `plan-${i}`)],
  ];
  console.log(`node ${process.version}, ${cpus().length} cores; ${RUNS} runs each, interleaved`);
  seconds(['--help']);
  const helps: number[] = [];
  const plans: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    helps.push(seconds(['--help']));
    plans.push(seconds(plan(i)));
  }
  const help = median(helps);
  const planned = median(plans);
  console.log(
    `agent-track --help: median ${help.toFixed(2)} s; a plan: median ${planned.toFixed(2)} s (${(planned / help).toFixed(2)}x)`,
  );
  const demo = seconds(['demo', '--out', join(scratch, 'demo')]);
  console.log(`agent-track demo: ${demo.toFixed(1)} s`);
  benchLine('plan', {
    plan_vs_help: planned / help,
    plan_seconds: planned,
    help_seconds: help,
    demo_seconds: demo,
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
