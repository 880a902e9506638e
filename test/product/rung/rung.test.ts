import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cacheContents, evictCache } from '../../../src/product/corpora/cache-contents.js';
import { ensureIndex, indexStatus } from '../../../src/product/corpora/index-cache.js';
import { runRetrievalRung } from '../../../src/product/rung/run-rung.js';
import { loadServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { compareRungs } from '../../../src/retrieval/rung/compare.js';
import { RUNG_SUMMARY_METRICS } from '../../../src/retrieval/rung/rung-schema.js';
import { cliIn } from '../../cli/run-cli.js';

const root = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-rung-'));
const cacheDir = join(scratch, 'cache');
const tasksFile = join(scratch, 'tasks.jsonl');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Three tasks over the Python fixture shop:
// - `tax`: a distinctive query whose only answer is shop/pricing.py (found at rank 1);
// - `ghost`: gold is a file the corpus does not have, so every rank metric is a measured 0;
// - `nogold`: gold holds only an answer, so no rank metric is defined (null, dropped from means).
beforeAll(() => {
  const corpus = { dir: join(root, 'fixtures/corpora/py-shop') };
  const lines = [
    { id: 'tax', question: 'tax_cents TAX_RATES region', gold: { files: ['shop/pricing.py'] }, corpus },
    { id: 'ghost', question: 'tax_cents TAX_RATES region', gold: { files: ['shop/missing.py'] }, corpus },
    { id: 'nogold', question: 'cart total', gold: { answer: 'in cart.py' }, corpus },
  ];
  writeFileSync(tasksFile, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
});

describe('the free retrieval rung', () => {
  test('scores each task through the real MCP server; undefined drops out of the means', async () => {
    const { run } = await runRetrievalRung({ split: `${tasksFile}/all`, cacheDir, reposDir: scratch });
    expect(run.overlays.map((o) => o.name)).toEqual(['base']);
    const [overlay] = run.overlays;
    const byId = Object.fromEntries(overlay!.tasks.map((t) => [t.task_id, t]));
    expect(byId.tax!.rows[0]!.path).toBe('shop/pricing.py');
    expect(byId.tax!.gold_ranks).toEqual({ 'shop/pricing.py': 1 });
    expect(byId.tax!.piece).toMatchObject({ 'recall@1': 1, mrr: 1, 'ndcg@10': 1 });
    expect(byId.ghost!.piece).toMatchObject({ 'recall@1': 0, 'recall@10': 0, mrr: 0 });
    expect(byId.nogold!.piece['recall@1']).toBeNull();
    expect(byId.tax!.latency_ms).toBeGreaterThan(0);
    const recall1 = overlay!.summary.find((r) => r.metric === 'recall@1' && r.level === 'piece')!;
    // (1 + 0) / 2 over the two tasks with file gold
    expect(recall1).toMatchObject({ mean: 0.5, n: 2 });
    expect(overlay!.latency_p50_ms).not.toBeNull();
  });

  test('an overlay that changes only query keys reuses the cached index; --compare pairs by task', async () => {
    const overlay = join(root, 'configs/retrieval/all-words.yaml');
    const before = (await runRetrievalRung({ split: `${tasksFile}/all`, cacheDir, reposDir: scratch })).run;
    const indexes = cacheContents(cacheDir).filter((e) => e.kind === 'index');
    expect(indexes).toHaveLength(1);
    const now = (
      await runRetrievalRung({ split: `${tasksFile}/all`, overlays: [overlay], cacheDir, reposDir: scratch })
    ).run;
    expect(cacheContents(cacheDir).filter((e) => e.kind === 'index')).toHaveLength(1);
    // One overlay against one pairs whatever the names (the overlay against the base), and says so.
    const { rows, paired } = compareRungs(before, now);
    expect(paired).toEqual([{ before: 'base', now: 'all-words', tasks: 3 }]);
    const recall = rows.find((r) => r.metric === 'recall@1' && r.level === 'piece')!;
    // same two defined tasks in both runs, same ranks: no change
    expect(recall).toMatchObject({ pairs: 2, delta: 0, test: 'mcnemar', pvalue: 1 });
    // Every ranked metric is compared, the 0/1 ones by McNemar: precision@1 too.
    expect(rows.filter((r) => r.level === 'piece').map((r) => r.metric)).toEqual([...RUNG_SUMMARY_METRICS]);
    expect(rows.find((r) => r.metric === 'precision@1' && r.level === 'piece')!.test).toBe('mcnemar');
    expect(rows.find((r) => r.metric === 'map@10' && r.level === 'piece')!.test).toBe('wilcoxon');
    // Several overlays against a base run: each pairs with its only overlay, and says so.
    const two = { ...now, overlays: [now.overlays[0]!, { ...now.overlays[0]!, name: 'other' }] };
    expect(compareRungs(before, two).paired).toEqual([
      { before: 'base', now: 'all-words', tasks: 3 },
      { before: 'base', now: 'other', tasks: 3 },
    ]);
    // Nothing pairs (two earlier overlays, none of this run's names, or no task in common): refused, naming both sides.
    const earlier = { ...before, overlays: [before.overlays[0]!, { ...before.overlays[0]!, name: 'x' }] };
    expect(() => compareRungs(earlier, two)).toThrow(
      "Nothing pairs: the earlier run's overlays (`base`, `x`) and this run's (`all-words`, `other`) pair no overlay (none of one name, and the earlier run has more than one) or share no task",
    );
    const strangers = { ...now, overlays: [{ ...now.overlays[0]!, tasks: [] }] };
    expect(() => compareRungs(before, strangers)).toThrow('Nothing pairs');
    expect(() => compareRungs(before, { ...now, slice: 'dev' })).toThrow(
      'The runs differ in `slice`: `all` before, `dev` now',
    );
  });

  test('index status: missing, built, and a bundle built with other ingestion keys refused', async () => {
    const config = loadServingConfig();
    const corpus = { files: { 'a.py': 'def alpha():\n    return 1\n' } };
    const options = { cacheDir: join(scratch, 'c2'), reposDir: scratch, config };
    expect((await indexStatus(corpus, options)).state).toBe('missing');
    expect((await ensureIndex(corpus, options)).built).toBe(true);
    expect((await ensureIndex(corpus, options)).built).toBe(false);
    expect((await indexStatus(corpus, options)).state).toBe('built');
    const other = { ...config, ingestion: { ...config.ingestion, stemming: !config.ingestion.stemming } };
    // another ingestion config is another cache key: missing, not silently served
    expect((await indexStatus(corpus, { ...options, config: other })).state).toBe('missing');
  });

  test('cache evict removes what it is told, refuses an unknown name', () => {
    const dir = join(scratch, 'c2');
    const before = cacheContents(dir);
    expect(before.length).toBeGreaterThan(0);
    expect(() => evictCache(dir, { names: ['nope'] })).toThrow('holds no `nope`');
    expect(evictCache(dir, { all: true })).toHaveLength(before.length);
    expect(cacheContents(dir)).toEqual([]);
  });

  test('agent-track retrieval runs as a real child process and saves its run', async () => {
    const out = join(scratch, 'run.json');
    const run = await cliIn(
      [
        'retrieval',
        '--dataset',
        tasksFile,
        '--split',
        'all',
        '--cache-dir',
        cacheDir,
        '--out',
        out,
        '--run-log',
        join(scratch, 'runs.jsonl'),
        '--compare',
        out.replace('run.json', 'nothing.json'),
      ],
      { cwd: root },
    );
    expect(`${run.stdout}${run.stderr}`).toContain('Cannot read the retrieval run');
    const saved = JSON.parse(readFileSync(out, 'utf8')) as { kind: string; overlays: unknown[] };
    expect(saved.kind).toBe('retrieval-rung');
    expect(saved.overlays).toHaveLength(1);
    // one run record per overlay, appended before the comparison was refused
    const [record, ...more] = readFileSync(join(scratch, 'runs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(more).toEqual([]);
    expect(record).toMatchObject({ system: 'retrieval-rung', artifacts: { run: out } });
  });
});
