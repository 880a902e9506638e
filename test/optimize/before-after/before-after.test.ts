import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compareArms } from '../../../src/index.js';
import { beforeAfter } from '../../../src/optimize/before-after/before-after.js';
import { seedDemoCache } from '../../../src/optimize/before-after/demo-product.js';
import { artifactToolTokens } from '../../../src/optimize/before-after/tool-tokens.js';
import { writeBeforeAfterReport } from '../../../src/optimize/before-after/write-report.js';
import { demoCampaignArgs, killAndResume, seededDemoProduct } from './kill-run.js';

const root = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-before-after-'));
const cacheDir = join(scratch, 'cache');
let product: { repo: string; baseline: string; candidate: string };
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeAll(async () => {
  product = await seededDemoProduct(root, join(scratch, 'product'), cacheDir);
}, 60_000);

const common = () => ({
  repo: product.repo,
  baseline: product.baseline,
  candidate: product.candidate,
  split: 'fixture-code/small_test',
  model: 'offline',
  limit: 4,
  cacheDir,
});

describe('before-after on a product with two real commits', () => {
  test('plan only: the plan is printed and written, nothing is set up, no arm runs, nothing is spent', async () => {
    const dir = join(scratch, 'plan-only');
    const lines: string[] = [];
    const result = await beforeAfter({
      ...common(),
      dir,
      margins: { needle_reached: 0.05, turns: 2 },
      log: (line) => lines.push(line),
    });
    // Both commits read from git, neither checked out nor set up (no install, no build): the first
    // line says so, and so does each arm's.
    expect(lines[0]).toMatch(
      /^before-after: baseline .* on fixture-code\/small_test; a plan: each commit read from git, nothing checked out, set up or spent$/,
    );
    expect(
      lines.filter((line) =>
        /^(baseline|candidate): read at [0-9a-f]{12} from git \(its manifest, artifacts, serving config and index code; nothing checked out\); no setup \(a plan builds nothing\)$/.test(
          line,
        ),
      ),
    ).toHaveLength(2);
    expect(result.report).toBeNull();
    expect(existsSync(join(dir, 'plan.json'))).toBe(true);
    expect(existsSync(join(dir, 'arms'))).toBe(false);
    expect(existsSync(join(dir, 'ledger.jsonl'))).toBe(false);
    expect(result.plan.tasks.count).toBe(4);
    // Margins are stated in the plan, before any number: a guard's non-inferiority, a row's equivalence.
    expect(result.plan.margins).toEqual({ needle_reached: 0.05, turns: 2 });
    // The first 4 tasks share one corpus: one cluster, nothing to say about clusters.
    expect(result.plan.clusters).toBe(1);
    expect(readFileSync(join(dir, 'plan.txt'), 'utf8')).not.toContain('Clusters:');
    expect(readFileSync(join(dir, 'plan.txt'), 'utf8')).toContain(
      'Margins, each its own verdict line: needle_reached no worse than 0.05 (non-inferiority, one-sided paired t; a success needs it); turns within ±2 of the baseline (equivalence, two one-sided paired t-tests)',
    );
    expect(result.plan.arms.map((arm) => arm.commit.sha)).toEqual([product.baseline, product.candidate]);
    // No server was started: each arm's tool descriptions are estimated from its tool_docs at its commit.
    for (const arm of result.plan.arms) {
      const docs = execFileSync('git', ['show', `${arm.commit.sha}:configs/product/tool_docs.yaml`], {
        cwd: product.repo,
        encoding: 'utf8',
      });
      expect(arm).toMatchObject({
        description_tokens: artifactToolTokens(docs),
        description_tokens_source: 'artifact',
      });
    }
    expect(lines.filter((line) => line.endsWith('accepts the block'))).toHaveLength(0);
    expect(lines).toContain(
      "LLM block: each arm's own harness checks it when the arms are built (with --confirm-spend), before anything is spent",
    );
    expect(lines.join('\n')).toContain('plan only: nothing ran, nothing was spent');
  }, 120_000);

  test('--confirm-spend refuses while a corpus index is missing, naming the flag that builds it', async () => {
    const lines: string[] = [];
    await expect(
      beforeAfter({
        ...common(),
        dir: join(scratch, 'missing'),
        confirmSpend: true,
        log: (l) => lines.push(l),
      }),
    ).rejects.toThrow(/not built for this serving config .* add `--build-indexes`/);
    // The arms were built for the plan: each measured from its own server, its harness asked of the
    // block, and both kept in the cache for the next build of these commits.
    const plan = JSON.parse(readFileSync(join(scratch, 'missing', 'plan.json'), 'utf8')) as {
      arms: { description_tokens_source: string }[];
    };
    expect(plan.arms.map((arm) => arm.description_tokens_source)).toEqual(['server', 'server']);
    expect(lines.filter((line) => line.endsWith('accepts the block'))).toHaveLength(2);
    expect(readdirSync(join(cacheDir, 'probes')).filter((f) => !f.startsWith('docs-'))).toHaveLength(2);
    expect(readdirSync(join(cacheDir, 'block-checks'))).toHaveLength(2);
  }, 120_000);

  test('a run builds the indexes, runs both arms, and the report re-derives identically from the files', async () => {
    const dir = join(scratch, 'run');
    const runLog = join(scratch, 'runs.jsonl');
    const lines: string[] = [];
    const result = await beforeAfter({
      ...common(),
      dir,
      confirmSpend: true,
      buildIndexes: true,
      runLog,
      log: (line) => lines.push(line),
    });
    // Both commits share the lockfile and the code of the checkout the cache was seeded from: each
    // arm links that install and that build instead of running `npm ci` and the transpile, and says so.
    expect(
      lines.filter((line) =>
        line.includes('its install reused from the cache (lockfile unchanged), its build too (same tree)'),
      ),
    ).toHaveLength(2);
    // The same commits, manifests, serving config and block as the build above: each arm's tool
    // listing and its harness's acceptance are the ones kept then, no server or harness asked again.
    expect(result.plan.arms.map((arm) => arm.description_tokens_source)).toEqual(['cache', 'cache']);
    expect(
      lines.filter((line) => line.endsWith('accepts the block (as its harness did at this commit before)')),
    ).toHaveLength(2);
    const report = result.report!;
    expect(report.offline).toBe(true);
    expect(report.arms.map((arm) => arm.tasks)).toEqual([4, 4]);
    const needless = report.rows.find((row) => row.key === 'needless_call_rate')!;
    expect(needless.pairs).toBe(4);
    // strict all-words search comes back empty for natural questions: the baseline's searches are
    // zero-yield; the candidate's any-word search returns rows every time
    expect(needless.baseline.mean!).toBeGreaterThan(needless.candidate.mean!);
    expect(needless.candidate.mean).toBe(0);
    for (const file of [
      'report.md',
      'report.json',
      'plots/before-after-deltas.svg',
      'ledger.jsonl',
      'queue.jsonl',
    ]) {
      expect(existsSync(join(dir, file))).toBe(true);
    }
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('offline policy');
    // one run-log record per arm, naming the dataset and slice
    const records = readFileSync(runLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { dataset: { name: string; slice: string } });
    expect(records).toHaveLength(2);
    expect(records[0]!.dataset).toMatchObject({ name: 'fixture-code', slice: 'small_test' });
    const again = await writeBeforeAfterReport(dir);
    expect(again.report).toEqual(report);
    // The library call: the same rows from the two arm directories and the tasks alone.
    const compared = await compareArms(join(dir, 'arms/baseline'), join(dir, 'arms/candidate'), {
      tasks: join(dir, 'inputs'),
    });
    expect(compared.problems).toEqual([]);
    expect(compared.rows).toEqual(report.rows);
    expect(compared.rows.find((row) => row.key === 'needless_call_rate')).toEqual(needless);
  }, 300_000);

  test('killed -9 at a random point (seeded) and run again, it reaches the uninterrupted report', async () => {
    const reference = JSON.parse(readFileSync(join(scratch, 'run', 'report.json'), 'utf8'));
    const args = demoCampaignArgs(product, cacheDir);
    // More seeds, and where each one killed: `npx tsx bench/kill-resume.ts`.
    const dir = join(scratch, 'killed');
    const { exitCode } = await killAndResume(args, dir, { seed: 'ci', maxLines: 7, cwd: root });
    // Finished, with 4 pairs: under the 5 a verdict needs (exit 4), as the uninterrupted run.
    expect(exitCode).toBe(4);
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))).toEqual(reference);
    const ledger = readFileSync(join(dir, 'ledger.jsonl'), 'utf8').trim().split('\n');
    expect(ledger).toHaveLength(8);
  }, 300_000);

  test('each arm indexes with its own code: a commit that cuts pieces differently gets its own index and its own rows', async () => {
    // A third commit changes how pieces are cut (Go files into plain line windows, no symbols) and
    // nothing else: the ingestion keys, and so their hash, are the same as the arm before it.
    // The checkout's install and build seeded while the product's tree is still the checkout's: the
    // baseline links that build, the new commit (other code) builds its own.
    const cache = join(scratch, 'cache-two-codes');
    await seedDemoCache(product.repo, root, join(cache, 'installs'));
    const cutter = join(product.repo, 'src/product/index-build/pieces/cut-file.ts');
    const source = readFileSync(cutter, 'utf8');
    const changed = source.replace('  go: cutGo,\n', '');
    expect(changed).not.toBe(source);
    writeFileSync(cutter, changed);
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: product.repo, encoding: 'utf8' }).trim();
    git('commit', '-q', '-am', 'cut Go files into line windows');
    const windows = git('rev-parse', 'HEAD');
    const dir = join(scratch, 'two-codes');
    const result = await beforeAfter({
      ...common(),
      candidate: windows,
      baseline: product.candidate,
      limit: 2,
      cacheDir: cache,
      dir,
      confirmSpend: true,
      buildIndexes: true,
    });
    // Two tasks on one corpus (go-kv): one index per arm's code, never shared.
    expect(result.plan.corpora.items.map((item) => item.key)).toEqual([
      expect.stringMatching(/go-kv \(baseline\)$/),
      expect.stringMatching(/go-kv \(candidate\)$/),
    ]);
    expect(readdirSync(join(cache, 'indexes')).filter((name) => !name.includes('.tmp')).length).toBe(2);
    const goRows = (arm: string) => {
      const events = readFileSync(join(dir, 'arms', arm, 'tasks/go-01/events.jsonl'), 'utf8').split('\n')[0]!;
      const { rows } = JSON.parse(events) as { rows: { path: string; name?: string }[] };
      return rows.filter((row) => row.path.endsWith('.go'));
    };
    // The baseline's Go rows are its symbols (`Put`, `Append`); the candidate's are windows named by
    // their file, built by the candidate's own code.
    expect(goRows('baseline').some((row) => row.name === 'Put')).toBe(true);
    expect(goRows('candidate').length).toBeGreaterThan(0);
    expect(
      goRows('candidate').every((row) => row.name === row.path.slice(row.path.lastIndexOf('/') + 1)),
    ).toBe(true);
  }, 300_000);
});
