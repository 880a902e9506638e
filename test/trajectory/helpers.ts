import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { onTestFinished } from 'vitest';
import { Recorder } from '../../src/trajectory/recorder.js';
import { type ScoredTrajectory, scorePath } from '../../src/trajectory/score/score-path.js';
import type { Trajectory } from '../../src/trajectory/trajectory.js';

export const REPO = resolve(import.meta.dirname, '../..');
/** The public samples, beside the clone (copied into fixtures/realdata/, see its SOURCES.md). */
export const REALDATA = resolve(REPO, 'fixtures/realdata/trajectories');
export const FIXTURES = resolve(REPO, 'fixtures/trajectories');

/**
 * A fresh temp directory, removed when the test that made it ends. Registered with that test, not
 * by a hook of this module: test files share a worker and its loaded modules (`isolate: false`),
 * so a module-level `afterEach` here ran in the first file that imported it only, and every later
 * file's directories stayed in the temp dir (~77 a suite run).
 */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-track-trajectory-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A small finished trajectory: turn 1 (m1) makes two calls, turn 2 (m2) one, turn 3 (m3) answers.
 */
export function recordSample(runDir: string, taskId = 't1'): Trajectory {
  const rec = Recorder.create(join(runDir, 'tasks', encodeURIComponent(taskId)), {
    taskId,
    blobs: join(runDir, 'blobs'),
  });
  rec.recordMessage({
    id: 'm1',
    finish_reason: 'tool_calls',
    tool_calls: [
      { id: 'c1', name: 'search_codebase' },
      { id: 'c2', name: 'get_symbol' },
    ],
    usage: { prompt: 100, completion: 20, cached: 40 },
  });
  rec.recordToolCall({
    tool: 'search_codebase',
    args: { query: 'parse config' },
    message_id: 'm1',
    result: 'src/config.py:1-9 parse_config\nsrc/app.py:10-20 main',
    ok: true,
    identifiers: ['src/config.py', 'src/app.py'],
    rows: [
      { path: 'src/config.py', start: 1, end: 9, name: 'parse_config' },
      { path: 'src/app.py', start: 10, end: 20 },
    ],
    started_at: new Date('2025-01-01T00:00:00.000Z'),
    duration_ms: 12,
  });
  rec.recordToolCall({
    tool: 'get_symbol',
    args: { target: 'config.parse_config' },
    message_id: 'm1',
    result: 'def parse_config(path): ...',
    ok: true,
    identifiers: ['config.parse_config'],
    started_at: '2025-01-01T00:00:00.010Z',
    duration_ms: 3,
  });
  rec.recordMessage({ id: 'm2', finish_reason: 'tool_calls', tool_calls: [{ id: 'c3', name: 'read_file' }] });
  rec.recordToolCall({
    tool: 'read_file',
    args: { path: 'nope.py' },
    message_id: 'm2',
    result: 'Error: no such file',
    ok: false,
    error: 'no such file',
    started_at: null,
    duration_ms: null,
  });
  rec.recordMessage({
    id: 'm3',
    finish_reason: 'stop',
    content: 'In src/config.py.',
    usage: { prompt: 300, completion: 9 },
  });
  return rec.finish({
    answer: 'In src/config.py.',
    outcome: 'answered',
    turn_budget: 10,
    turns: 3,
    timed_out: false,
    started_at: '2025-01-01T00:00:00.000Z',
    duration_ms: 1500,
  });
}

/** Every trajectory `scorePath` scores in `path`, in order; the first error it reports is thrown. */
export async function scoredAll(
  path: string,
  options: Parameters<typeof scorePath>[1] = {},
): Promise<Extract<ScoredTrajectory, { metrics: unknown }>[]> {
  const out: Extract<ScoredTrajectory, { metrics: unknown }>[] = [];
  for await (const item of scorePath(path, options)) {
    if (item.error) throw item.error;
    out.push(item);
  }
  return out;
}
