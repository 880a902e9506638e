import { expect, test } from 'vitest';
import { buildTrackReport } from '../../../src/optimize/track/track-report.js';
import type { TrackArm, TrackLedgerLine } from '../../../src/optimize/track/track-schema.js';

const figures = (turns: number) => ({
  cost_usd: null,
  wall_ms: 1000,
  turns,
  tool_calls: 2,
  files_read: 1,
  cache_read_tokens: null,
  cache_creation_tokens: null,
});

const rollout = (task_id: string, arm: TrackArm, turns: number): TrackLedgerLine => ({
  kind: 'rollout',
  task_id,
  arm,
  status: 'done',
  attempt: 1,
  booked_usd: 0,
  exception: null,
  transcript: `transcripts/${arm}/${task_id}.jsonl`,
  trajectory: null,
  answer: 'it is in a.py',
  figures: figures(turns),
  warnings: [],
  finished_at: '2026-12-01T00:00:00.000Z',
});

const judge = (task_id: string): TrackLedgerLine => ({
  kind: 'judge',
  task_id,
  status: 'judged',
  model: 'offline',
  offline: true,
  order: ['bare', 'with-server'],
  scores: { bare: 5, 'with-server': 5 },
  reasons: { bare: null, 'with-server': null },
  calls: 1,
  usage: null,
  cost_usd: null,
  booked_usd: 0,
  error: null,
  finished_at: '2026-12-01T00:00:00.000Z',
});

// Ten tasks, two per corpus: the with-server arm takes 2 turns fewer on every one.
const ids = Array.from({ length: 10 }, (_, i) => `t${i}`);
const input = {
  title: 'track',
  agent: 'fake-claude',
  judge: { model: 'offline', offline: true },
  tolerance: 1,
  taskIds: ids,
  lines: ids.flatMap((id) => [rollout(id, 'bare', 10), rollout(id, 'with-server', 8), judge(id)]),
  metrics: { bare: new Map(), 'with-server': new Map() },
  product: 'reference',
};

test('a track over clustered tasks tests its rows per cluster, as a before-after does, and says how many clusters', () => {
  const clusters = new Map(ids.map((id, i) => [id, `corpus-${Math.floor(i / 2)}`]));
  const report = buildTrackReport({ ...input, clusters });
  const turns = report.report.rows.find((row) => row.key === 'agent.turns')!;
  // 5 cluster means, each -2: of the 2^5 sign flips only the observed one has a mean as low,
  // so the one-sided p is 1/32.
  expect(turns).toMatchObject({ delta: -2, pairs: 10, test: 'clustered', clusters: 5 });
  expect(turns.pvalue).toBeCloseTo(1 / 32, 12);
  expect(report.report.clustering).toMatchObject({ clusters: 5, interval: true });
  expect(report.report.clustering!.line).toMatch(/^Tasks in 5 clusters .*all 32 flips/);
  expect(report.quality).toMatchObject({ delta: 0, pairs: 10 });

  // Without clusters the same rows are tested per task: ten pairs, Wilcoxon.
  const flat = buildTrackReport(input).report.rows.find((row) => row.key === 'agent.turns')!;
  expect(flat).toMatchObject({ delta: -2, pairs: 10, test: 'wilcoxon' });
  expect(flat.pvalue).toBeCloseTo(1 / 1024, 12);
});
