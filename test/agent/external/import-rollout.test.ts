import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { importRollout } from '../../../src/agent/index.js';
import { readTrajectory } from '../../../src/trajectory/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-import-rollout-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const TRACE = resolve(import.meta.dirname, '../../../fixtures/trajectories/otel/gen-ai-weather.jsonl');

test('a command agent printing OTLP spans: the trace is the rollout, under the rollout task id', async () => {
  const rollout = importRollout({
    text: readFileSync(TRACE, 'utf8'),
    format: 'otel',
    taskId: 't1',
    runDir: join(scratch, 'arm'),
    source: 'stdout of the agent',
    extract: () => ({ identifiers: [] }),
  });
  // The trace's conversation (conv-42) is this rollout: its three tool spans, under task t1.
  expect(rollout.dir).toBe(join(scratch, 'arm', 'tasks', 't1'));
  const trajectory = await readTrajectory(rollout.dir);
  expect(trajectory.events.map((e) => [e.tool, e.ok])).toEqual([
    ['get_weather', true],
    ['get_weather', false],
    ['search_docs', true],
  ]);
  // A trace reports no cost of its own: the figures are undefined, not zero.
  expect(rollout.reported.cost_usd).toBeNull();
});
