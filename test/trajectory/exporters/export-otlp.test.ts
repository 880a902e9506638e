import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readTasks } from '../../../src/retrieval/index.js';
import {
  exportOtlp,
  REFERENCE_TOOL_ROLES,
  readTrajectories,
  scorePath,
  type TrajectoryMetrics,
} from '../../../src/trajectory/index.js';

const ROOT = join(import.meta.dirname, '../../..');
const RUN = join(ROOT, 'fixtures/runs/viewer-small');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-export-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Every trajectory's metrics by its place under the run (an import lays an exported run out as it was).
async function scored(
  path: string,
  base: string,
  tasks: Map<string, never>,
): Promise<Map<string, TrajectoryMetrics>> {
  const out = new Map<string, TrajectoryMetrics>();
  const importDir = join(scratch, `import-${out.size}-${Date.now()}`);
  // Scored with the run's own roles (a trace file alone is scored with the generic ones).
  for await (const item of scorePath(path, { tasks, importDir, roles: REFERENCE_TOOL_ROLES })) {
    if (item.error) throw item.error;
    out.set(relative(base === '' ? importDir : base, item.source), item.metrics);
  }
  return out;
}

describe('exportOtlp: a run as OTLP spans, imported back as the run it was', () => {
  test('the fixture run (2 arms, 14 trajectories, gold) exports and imports with identical metrics', async () => {
    const tasks = new Map((await readTasks(join(RUN, 'inputs'))).map((t) => [t.id, t])) as Map<string, never>;
    const file = join(scratch, 'run.otlp.jsonl');
    const exported = await exportOtlp(RUN, { destination: { kind: 'file', path: file }, tasks });
    expect(exported.trajectories).toBe(14);
    expect(exported.skipped).toEqual([]);
    // One `{resourceSpans}` line per trajectory: a root, a chat span per message, a span per call.
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(14);
    const original = await scored(RUN, RUN, tasks);
    const again = await scored(file, '', tasks);
    expect([...again.keys()].sort()).toEqual([...original.keys()].sort());
    for (const [path, metrics] of original) expect(again.get(path), path).toEqual(metrics);
    // Spans: a root per trajectory, a chat span per model message, an execute_tool span per call.
    let expected = 0;
    for await (const item of readTrajectories(RUN))
      expected += 1 + item.trajectory!.messages.length + item.trajectory!.events.length;
    expect(exported.spans).toBe(expected);
    const names = lines.flatMap((line) =>
      (
        JSON.parse(line) as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] }
      ).resourceSpans.flatMap((r) =>
        r.scopeSpans.flatMap((s) => s.spans.map((span) => span.name.split(' ')[0])),
      ),
    );
    expect(names.filter((n) => n === 'invoke_agent')).toHaveLength(14);
    expect(names.filter((n) => n === 'execute_tool')).toHaveLength(
      [...original.values()].reduce((n, m) => n + m.tool_calls_total, 0),
    );
    expect(names).toHaveLength(expected);
  });

  test('exporting twice writes the same bytes (ids are hashes of the run and the part)', async () => {
    const a = join(scratch, 'a.jsonl');
    const b = join(scratch, 'b.jsonl');
    await exportOtlp(RUN, { destination: { kind: 'file', path: a } });
    await exportOtlp(RUN, { destination: { kind: 'file', path: b } });
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
  });

  test('a secret value is cut from every attribute; --only keeps one task of each arm', async () => {
    const file = join(scratch, 'cut.jsonl');
    const secret = 'handler for feature';
    const exported = await exportOtlp(RUN, {
      destination: { kind: 'file', path: file },
      secrets: [secret],
      only: new Set(['task-000']),
    });
    expect(exported.trajectories).toBe(2);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(secret);
    expect(text).toContain('Where is the *** 0 defined?');
  });
});
