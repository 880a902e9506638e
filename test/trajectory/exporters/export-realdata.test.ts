import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  CLAUDE_CODE_TOOL_ROLES,
  exportOtlp,
  GENERIC_TOOL_ROLES,
  scorePath,
  type ToolRoles,
  type TrajectoryMetrics,
} from '../../../src/trajectory/index.js';
import { REALDATA, tempDir } from '../helpers.js';

// Every trajectory's metrics, by task id (each sample's ids are distinct), imported into `importDir`.
async function scored(
  path: string,
  roles: ToolRoles | undefined,
  importDir: string,
): Promise<Map<string, TrajectoryMetrics>> {
  const out = new Map<string, TrajectoryMetrics>();
  for await (const item of scorePath(path, { importDir, ...(roles === undefined ? {} : { roles }) })) {
    if (item.error) throw item.error;
    expect(out.has(item.metrics.task_id), item.metrics.task_id).toBe(false);
    out.set(item.metrics.task_id, item.metrics);
  }
  return out;
}

// Other agents' real transcripts (not agent-track's own runs): imported, exported as OTLP, imported
// back, each scores as it did: the trace names the roles it was scored with, so none are passed again.
describe('export round trip on the real samples', () => {
  test.each([
    [
      'claude-code-stream-json/claude-code-action_sample-turns.json',
      'claude-code',
      1,
      3,
      CLAUDE_CODE_TOOL_ROLES,
    ],
    [
      'claude-code-stream-json/takopi_claude_stream_json_session.jsonl',
      'claude-code',
      2,
      2,
      CLAUDE_CODE_TOOL_ROLES,
    ],
    ['openai-chat-tool-calls/tau-bench_gpt-4o-airline.subset3.json', 'generic', 3, 24, GENERIC_TOOL_ROLES],
  ])(
    '%s (%s roles): %i trajectories and %i calls, identical metrics after export and import',
    async (sample, _name, count, calls, roles) => {
      const imported = tempDir();
      const original = await scored(join(REALDATA, sample), roles, imported);
      expect(original.size).toBe(count);
      const file = join(tempDir(), 'sample.otlp.jsonl');
      const exported = await exportOtlp(imported, { destination: { kind: 'file', path: file }, roles });
      expect(exported.trajectories).toBe(count);
      expect(exported.skipped).toEqual([]);
      expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(count);
      const again = await scored(file, undefined, tempDir());
      expect([...again.keys()].sort()).toEqual([...original.keys()].sort());
      for (const [id, metrics] of original) expect(again.get(id), id).toEqual(metrics);
      // Every call of the sample, counted by hand (its `tool_use` blocks; tau-bench 8 + 10 + 6).
      expect([...again.values()].reduce((sum, m) => sum + (m.tool_calls_total ?? 0), 0)).toBe(calls);
    },
  );
});
