import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readTasks } from '../../../src/retrieval/index.js';
import {
  CLAUDE_CODE_TOOL_ROLES,
  exportOtlp,
  GENERIC_TOOL_ROLES,
  REFERENCE_TOOL_ROLES,
  readTrajectories,
  scorePath,
  type ToolRoles,
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
  // No roles passed: a run directory is scored with the reference server's, its trace with the ones it names.
  for await (const item of scorePath(path, { tasks, importDir })) {
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

describe('the exported tool roles', () => {
  // The root span of each exported trajectory, as OTLP JSON attributes.
  const roots = (file: string) =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          (
            JSON.parse(line) as {
              resourceSpans: {
                scopeSpans: {
                  spans: { name: string; attributes: { key: string; value: { stringValue?: string } }[] }[];
                }[];
              }[];
            }
          ).resourceSpans[0]!.scopeSpans[0]!.spans.find((span) => span.name.startsWith('invoke_agent'))!,
      );

  test('the root names the roles its metrics used; the trace scores with them, and --tools still wins', async () => {
    const file = join(scratch, 'roles.jsonl');
    await exportOtlp(RUN, {
      destination: { kind: 'file', path: file },
      roles: CLAUDE_CODE_TOOL_ROLES,
      only: new Set(['task-000']),
    });
    for (const root of roots(file)) {
      const attribute = root.attributes.find((a) => a.key === 'agent_track.tool_roles');
      expect(JSON.parse(attribute!.value.stringValue!)).toEqual({
        search: ['Grep', 'Glob'],
        symbol: null,
        read: ['Read'],
        batch: {},
        identified: ['Read', 'Grep', 'Glob'],
        handoff: [],
      });
    }
    // Under Claude Code's roles the reference server's tools are neither searches nor reads, so
    // the search metrics are undefined; under the reference roles they are defined.
    const under = async (roles?: ToolRoles) => {
      const out: TrajectoryMetrics[] = [];
      for await (const item of scorePath(file, {
        importDir: join(scratch, `r-${out.length}-${Math.random()}`),
        ...(roles ? { roles } : {}),
      })) {
        if (item.error) throw item.error;
        out.push(item.metrics);
      }
      return out;
    };
    const own = await under();
    expect(own).toHaveLength(2);
    const direct: TrajectoryMetrics[] = [];
    for await (const item of scorePath(RUN, { roles: CLAUDE_CODE_TOOL_ROLES }))
      if (item.metrics?.task_id === 'task-000') direct.push(item.metrics);
    expect(own).toEqual(direct);
    const reference = await under(REFERENCE_TOOL_ROLES);
    expect(reference).not.toEqual(own);
  });

  test('a trace whose roles attribute is malformed is scored with the generic roles', async () => {
    const file = join(scratch, 'bad-roles.jsonl');
    await exportOtlp(RUN, { destination: { kind: 'file', path: file }, only: new Set(['task-000']) });
    const broken = readFileSync(file, 'utf8').replaceAll(
      '\\"identified\\":[',
      '\\"identified\\":7,\\"unknown\\":[',
    );
    expect(broken).not.toBe(readFileSync(file, 'utf8'));
    writeFileSync(file, broken);
    const got: TrajectoryMetrics[] = [];
    for await (const item of scorePath(file, { importDir: join(scratch, 'bad-import') }))
      got.push(item.metrics!);
    const generic: TrajectoryMetrics[] = [];
    for await (const item of scorePath(RUN, { roles: GENERIC_TOOL_ROLES }))
      if (item.metrics?.task_id === 'task-000') generic.push(item.metrics);
    expect(got).toEqual(generic);
  });
});
