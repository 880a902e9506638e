import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { type Candidate, canonicalJson, makeCandidate } from '../../../src/optimize/optimizer/candidate.js';
import { freeRungScreen } from '../../../src/optimize/optimizer/screen/free-rung.js';
import { runRetrievalRung } from '../../../src/product/index.js';
import { loadSplit, type Task } from '../../../src/retrieval/index.js';
import { countMarks } from '../../report/plots/svg-marks.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-free-rung-'));
const cacheDir = join(scratch, 'cache');
const reposDir = join(scratch, 'repos');
const dir = join(scratch, 'run');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const overlay = (id: string, value: unknown): Candidate =>
  makeCandidate({ id, parent: 'incumbent', text: canonicalJson(value), operator: 'overlay' });
// Every query word required and no fallback: whole-question queries rarely match anything.
const STRICT = { query: { mode: 'all', fallback_to_any: false } };
const incumbent = overlay('incumbent', {});
const strict = overlay('strict', STRICT);
// Response-only: the same ranking, so the same score.
const detailed = overlay('detailed', { response: { format: 'detailed' } });

let tasks: Task[];
let screen: Awaited<ReturnType<typeof freeRungScreen>>;
beforeAll(async () => {
  tasks = (await loadSplit('fixture-code/dev', { reposDir })).tasks;
  screen = await freeRungScreen({
    incumbent,
    candidates: [strict, detailed],
    tasks,
    cacheDir,
    reposDir,
    dir,
  });
}, 180_000);

// Every file under the screen's output directory with its modification time.
function outputs(): Map<string, number> {
  const root = join(dir, 'free-rung');
  const out = new Map<string, number>();
  for (const hash of readdirSync(root))
    for (const name of readdirSync(join(root, hash)))
      out.set(`${hash}/${name}`, statSync(join(root, hash, name)).mtimeMs);
  return out;
}

describe('freeRungScreen over fixture-code/dev', () => {
  test('an overlay that makes retrieval worse is dropped, naming the metric and both values', () => {
    expect(tasks).toHaveLength(12);
    expect(screen.metric).toBe('mrr (piece)');
    const worse = screen.scores.get('strict')!;
    expect(worse).toBeLessThan(screen.incumbent!);
    expect(screen.dropped).toEqual([
      {
        id: 'strict',
        reason: `free rung: mrr (piece) ${Number(worse.toFixed(4))} < incumbent ${Number(screen.incumbent!.toFixed(4))} over 12 tasks`,
      },
    ]);
    expect(screen.survivors.map((c) => c.id)).toEqual(['detailed']);
    expect(screen.scores.get('detailed')).toBe(screen.incumbent);
  });

  test("the scores are the rung's own: the CLI's overlay file gives the same mean", async () => {
    const { run } = await runRetrievalRung({
      split: 'fixture-code/dev',
      overlays: [join(ROOT, 'configs/retrieval/all-words-strict.yaml')],
      cacheDir,
      reposDir,
    });
    const row = run.overlays[0]!.summary.find((r) => r.metric === 'mrr' && r.level === 'piece')!;
    expect(row.n).toBe(12);
    expect(screen.scores.get('strict')).toBe(row.mean);
    // Hand-check from the saved per-task rows: the mean of each task's piece MRR.
    const saved = JSON.parse(readFileSync(screen.files.get('strict')!, 'utf8'));
    const perTask = saved.overlay.tasks.map((t: { piece: { mrr: number } }) => t.piece.mrr);
    expect(perTask.reduce((a: number, b: number) => a + b, 0) / 12).toBeCloseTo(row.mean!, 12);
    // The candidate's serving config is the default with the overlay merged over it.
    const serving = parse(
      readFileSync(join(dir, 'free-rung', strict.hash.slice(0, 16), 'serving.yaml'), 'utf8'),
    );
    expect(serving.query).toMatchObject({ mode: 'all', fallback_to_any: false, stop_words: true });
    expect(serving.ranking.weights).toEqual({ name: 6, path: 2, text: 1 });
  }, 120_000);

  test('a second call with the same dir reuses every saved output (no file rewritten)', async () => {
    const before = outputs();
    const again = await freeRungScreen({
      incumbent,
      candidates: [strict, detailed],
      tasks,
      cacheDir,
      reposDir,
      dir,
    });
    expect(outputs()).toEqual(before);
    expect(again.scores).toEqual(screen.scores);
    expect(again.dropped).toEqual(screen.dropped);
  });

  test('an overlay that improves on a strict incumbent survives; only it is searched', async () => {
    const before = outputs();
    const better = overlay('any', { query: { mode: 'any', fallback_to_any: false } });
    const result = await freeRungScreen({
      incumbent: overlay('incumbent', STRICT),
      candidates: [better],
      tasks,
      cacheDir,
      reposDir,
      dir,
    });
    // The strict incumbent is the strict candidate above (same hash): read back, not re-run.
    expect(result.incumbent).toBe(screen.scores.get('strict'));
    expect(result.scores.get('any')).toBeGreaterThan(result.incumbent!);
    expect(result.survivors.map((c) => c.id)).toEqual(['any']);
    expect(result.dropped).toEqual([]);
    const after = outputs();
    for (const [file, mtime] of before) expect(after.get(file)).toBe(mtime);
    expect(after.size).toBe(before.size + 2); // its serving.yaml and its rung output
  }, 120_000);
});

test('undefined is not zero: with no task defining the metric every candidate survives', async () => {
  const [first] = (await loadSplit('fixture-code/dev', { reposDir })).tasks;
  const answerOnly: Task = { ...first!, gold: { answer: 'not a ranked gold' } };
  const result = await freeRungScreen({
    incumbent,
    candidates: [strict],
    tasks: [answerOnly],
    cacheDir,
    reposDir,
    dir: join(scratch, 'null'),
  });
  expect(result.incumbent).toBeNull();
  expect(result.scores.get('strict')).toBeNull();
  expect(result.survivors.map((c) => c.id)).toEqual(['strict']);
}, 120_000);

test('a metric the rung does not report is refused before any search', async () => {
  await expect(
    freeRungScreen({
      incumbent,
      candidates: [],
      tasks: [],
      cacheDir,
      reposDir,
      dir: join(scratch, 'bad'),
      metric: 'map@10' as never,
    }),
  ).rejects.toThrow(/Expected the `metric` option to be one of `recall@1`.*got `map@10`/);
});

describe('the screened configs drawn', () => {
  test('with a split, every config screened so far is one rung run and a quality-latency point each', async () => {
    const drawn = join(scratch, 'drawn');
    const screen1 = { incumbent, tasks, cacheDir, reposDir, dir: drawn, split: 'fixture-code/dev' };
    await freeRungScreen({ ...screen1, candidates: [strict] });
    // A later round screens another candidate: the figures then hold all three.
    await freeRungScreen({ ...screen1, candidates: [detailed] });
    const run = JSON.parse(readFileSync(join(drawn, 'free-rung-screened.json'), 'utf8'));
    expect(run).toMatchObject({
      kind: 'retrieval-rung',
      split: 'fixture-code/dev',
      dataset: 'fixture-code',
      slice: 'dev',
    });
    expect(run.overlays[0].name).toBe('incumbent');
    expect(run.overlays.map((o: { name: string }) => o.name).sort()).toEqual([
      'detailed',
      'incumbent',
      'strict',
    ]);
    const svg = readFileSync(join(drawn, 'plots', 'free-rung', 'rung-latency.svg'), 'utf8');
    expect(countMarks(svg, 'latency_point')).toBe(3);
    expect(
      readdirSync(join(drawn, 'plots', 'free-rung'))
        .filter((f) => f.endsWith('.svg'))
        .sort(),
    ).toEqual(['rung-latency.svg', 'rung-scores.svg']);
  }, 120_000);
});
