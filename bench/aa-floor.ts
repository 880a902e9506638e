// The A/A floor, measured: the demo product's candidate commit on both arms, the seeded sampling
// stand-in as the model, one campaign per seed through the REAL before-after (worktrees, child
// processes, the report's tests). Per seed: the verdict and which rows a test called p < alpha.
// Run: npx tsx bench/aa-floor.ts [seeds=40] [temperature=1] [limit=12] [first seed=0]
// Nothing here is asserted; the figures go in the notes (numbers from the offline stand-in).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAfter } from '../src/optimize/before-after/before-after.js';
import { makeDemoProduct } from '../src/optimize/before-after/demo-product.js';
import { seedInstall } from '../src/optimize/campaign/arms/setup-arm.js';

const SEEDS = Number(process.argv[2] ?? 40);
const TEMPERATURE = Number(process.argv[3] ?? 1);
const LIMIT = Number(process.argv[4] ?? 12);
const FIRST = Number(process.argv[5] ?? 0);
const ALPHA = 0.05;

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-aa-'));
const began = Date.now();
try {
  const product = await makeDemoProduct(process.cwd(), join(scratch, 'product'));
  const cacheDir = join(scratch, 'cache');
  seedInstall({
    checkout: product.repo,
    install: 'npm ci',
    modules: join(process.cwd(), 'node_modules'),
    installCache: join(cacheDir, 'installs'),
  });
  const verdicts = new Map<string, number>();
  const significant = new Map<string, number>();
  let tested = 0;
  for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
    const result = await beforeAfter({
      repo: product.repo,
      baseline: product.candidate,
      candidate: product.candidate,
      split: 'fixture-code/small_test',
      limit: LIMIT,
      model: 'offline',
      standIn: { temperature: TEMPERATURE, seed },
      confirmSpend: true,
      buildIndexes: true,
      concurrency: 2,
      dir: join(scratch, `aa-${seed}`),
      cacheDir,
      runLog: join(scratch, 'runs.jsonl'),
    });
    const report = result.report!;
    const outcome = report.verdict.outcome ?? 'unknown';
    verdicts.set(outcome, (verdicts.get(outcome) ?? 0) + 1);
    const rows = report.rows.filter((r) => r.pvalue !== null && r.direction !== 'neither');
    tested = Math.max(tested, rows.length);
    for (const row of rows)
      if (row.pvalue! < ALPHA) significant.set(row.key, (significant.get(row.key) ?? 0) + 1);
    process.stderr.write(
      `seed ${seed}: ${outcome}; p < ${ALPHA} on ${
        rows
          .filter((r) => r.pvalue! < ALPHA)
          .map((r) => r.key)
          .join(', ') || 'no row'
      }\n`,
    );
  }
  console.log(
    `A/A floor: ${SEEDS} seeds, stand-in temperature ${TEMPERATURE}, ${LIMIT} tasks, ${((Date.now() - began) / 1000).toFixed(0)} s`,
  );
  console.log(
    `verdicts: ${[...verdicts].map(([v, n]) => `${v} ${n}`).join(', ')} (no change ${(((verdicts.get('no_change') ?? 0) / SEEDS) * 100).toFixed(1)}%)`,
  );
  console.log(
    `rows tested: ${tested}; share of seeds with one-sided p < ${ALPHA}, per row (rows never significant omitted):`,
  );
  for (const [key, n] of [...significant].sort((a, b) => b[1] - a[1]))
    console.log(`  ${key}: ${(n / SEEDS).toFixed(3)}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
