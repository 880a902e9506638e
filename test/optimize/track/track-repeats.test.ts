import { expect, test } from 'vitest';
import { taskLevel } from '../../../src/optimize/track/track-repeats.js';
import type { TrackTaskRow } from '../../../src/optimize/track/track-report-schema.js';

const figures = (cost: number) => ({
  cost_usd: cost,
  wall_ms: 1000,
  turns: 3,
  tool_calls: 2,
  files_read: 1,
  cache_read_tokens: null,
  cache_creation_tokens: null,
});

test('a task over its repeats: scores, parity and figures over the repeats judged on both arms', () => {
  const rows: TrackTaskRow[] = [
    {
      task_id: 't1',
      status: 'paired',
      reason: null,
      scores: { bare: 6, 'with-server': 10 },
      parity: false,
      figures: { bare: figures(0.1), 'with-server': figures(0.1) },
    },
    {
      task_id: 't1~2',
      status: 'paired',
      reason: null,
      scores: { bare: 10, 'with-server': 10 },
      parity: true,
      figures: { bare: figures(0.2), 'with-server': figures(0.3) },
    },
    // Repeat 3: the with-server rollout was discarded, so nothing of it pairs (bare's $0.90 too).
    {
      task_id: 't1~3',
      status: 'discarded',
      reason: null,
      scores: { bare: null, 'with-server': null },
      parity: null,
      figures: { bare: figures(0.9), 'with-server': null },
    },
  ];
  const [t1] = taskLevel(rows, (id) => id.replace(/~\d+$/, ''), 1);
  // Scores: bare (6 + 10) / 2 = 8, with-server 10: |8 - 10| = 2 > 1, no parity.
  expect(t1).toMatchObject({ task_id: 't1', scores: { bare: 8, 'with-server': 10 }, parity: false });
  expect(t1!.figures.bare?.cost_usd).toBeCloseTo(0.15, 12);
  expect(t1!.figures['with-server']?.cost_usd).toBeCloseTo(0.2, 12);
});
