/**
 * Scores an already written run (no generation), for profiling the read-and-score path alone:
 * `node --cpu-prof --import tsx bench/score-run.ts RUN_DIR [--write N | --bare]`. With `--write N` it first
 * writes N synthetic trajectories into RUN_DIR (then exits; profile a second, read-only invocation); with `--bare` it
 * only reads and JSON.parses the files, as the bench's baseline does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listTrajectories, MetricsAggregate, scorePath } from '../src/trajectory/index.js';
import { writeSyntheticRun } from './synthetic-run.js';

const run = process.argv[2];
if (run === undefined) throw new Error('usage: bench/score-run.ts RUN_DIR [--write N]');
if (process.argv[3] === '--write') {
  writeSyntheticRun(run, Number(process.argv[4] ?? 1000));
} else if (process.argv[3] === '--bare') {
  const t0 = performance.now();
  let parsed = 0;
  for await (const dir of listTrajectories(run)) {
    for (const file of ['events.jsonl', 'messages.jsonl']) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) if (line !== '') JSON.parse(line);
    }
    JSON.parse(readFileSync(join(dir, 'model_turns.json'), 'utf8'));
    JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));
    parsed++;
  }
  console.log(`bare-parsed ${parsed} in ${(performance.now() - t0).toFixed(0)} ms`);
} else {
  const t0 = performance.now();
  const aggregate = new MetricsAggregate();
  for await (const scored of scorePath(run)) {
    if (scored.error) throw scored.error;
    aggregate.add(scored.metrics);
  }
  const t1 = performance.now();
  aggregate.summary();
  const t2 = performance.now();
  console.log(`scored ${aggregate.count} in ${(t1 - t0).toFixed(0)} ms, summary ${(t2 - t1).toFixed(0)} ms`);
}
