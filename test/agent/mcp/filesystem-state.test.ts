import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { ToolCall } from '../../../src/agent/llm/providers/chat-provider.js';
import { connectMcpServer } from '../../../src/agent/mcp/mcp-session.js';
import { createRecordingProxy } from '../../../src/agent/mcp/recording-proxy.js';
import {
  computeMetrics,
  filePathExtractor,
  GENERIC_TOOL_ROLES,
  loadToolRoles,
  Recorder,
  readTrajectory,
} from '../../../src/trajectory/index.js';

const REPO = join(import.meta.dirname, '../../..');
const MANIFEST = join(REPO, 'fixtures/products/filesystem/agent-track.product.yaml');
const SERVER = join(REPO, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

test('the npm server-filesystem over stdio: a batch read delivers each sub-read, a failed one nothing; a write makes the next read new', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'agent-track-fs-state-'));
  try {
    const corpus = join(scratch, 'corpus');
    mkdirSync(join(corpus, 'src'), { recursive: true });
    writeFileSync(join(corpus, 'src/a.py'), 'def a():\n    return 1\n');
    writeFileSync(join(corpus, 'src/b.py'), 'B = 2\n');
    const roles = loadToolRoles(MANIFEST);
    const session = await connectMcpServer({ command: process.execPath, args: [SERVER, corpus], cwd: REPO });
    const dir = join(scratch, 'run/tasks/t1');
    try {
      const recorder = Recorder.create(dir, { taskId: 't1', blobs: join(scratch, 'run/blobs') });
      const proxy = createRecordingProxy({
        session,
        recorder,
        extractor: filePathExtractor(undefined, { reads: roles.read }),
        corpus,
      });
      const abs = (path: string) => join(corpus, path);
      const calls: [string, Record<string, unknown>][] = [
        ['search_files', { path: corpus, pattern: '**/*.py' }],
        ['read_multiple_files', { paths: [abs('src/a.py'), abs('src/b.py')] }],
        ['read_multiple_files', { paths: [abs('src/nope.py')] }],
        ['write_file', { path: abs('src/a.py'), content: 'def a():\n    return 2\n' }],
        ['read_text_file', { path: abs('src/a.py') }],
        ['read_text_file', { path: abs('src/a.py') }],
        ['read_text_file', { path: abs('src/nope.py') }],
      ];
      for (const [index, [name, args]] of calls.entries()) {
        const id = `m${index + 1}`;
        recorder.recordMessage({ id, turn: index + 1, tool_calls: [{ id: `c${index}`, name }] });
        const call: ToolCall = {
          id: `c${index}`,
          name,
          arguments: args,
          arguments_raw: JSON.stringify(args),
        };
        await proxy.run([call], id);
      }
      recorder.finish({
        answer: 'done',
        outcome: 'answered',
        turn_budget: null,
        turns: calls.length + 1,
        timed_out: false,
        started_at: null,
        duration_ms: null,
      });
    } finally {
      await session.close();
    }
    const trajectory = await readTrajectory(dir);
    // What the real server printed, as recorded (server-filesystem 2026.8.31):
    // 1: `…/src/a.py:\ndef a():\n    return 1\n\n\n---\n…/src/b.py:\nB = 2\n\n`; 2: `…/src/nope.py:
    // Error - ENOENT: …` (not an MCP error); 3: `Successfully wrote to …/src/a.py`; 6: isError.
    expect(trajectory.events.map((e) => [e.tool, e.ok, e.identifiers])).toEqual([
      ['search_files', true, ['src/a.py', 'src/b.py']],
      // each sub-read with its lines: new content although the search named both files
      ['read_multiple_files', true, ['src/a.py', 'src/a.py:1-2', 'src/b.py', 'src/b.py:1-1']],
      // its one sub-read failed: nothing delivered (was: `src/nope.py`, counted as content)
      ['read_multiple_files', true, []],
      ['write_file', true, ['src/a.py']],
      ['read_text_file', true, ['src/a.py', 'src/a.py:1-2']],
      ['read_text_file', true, ['src/a.py', 'src/a.py:1-2']],
      ['read_text_file', false, []],
    ]);
    // By hand: zero_yield {2} (an identified batch read that delivered nothing); the first read
    // after the write is new (the write made src/a.py's sightings stale), the second resurfaces
    // it and repeats it (same arguments, same result); failed {6}. Needless {2, 5, 6}: 3 of 7.
    const m = computeMetrics(trajectory, null, { roles });
    expect(m).toMatchObject({
      resurfacing_count: 1,
      zero_yield_count: 1,
      failed_count: 1,
      failed_call_rate: 1 / 7,
      repeated_count: 1,
      needless_calls: 3,
      needless_call_rate: 3 / 7,
    });
    // Without the write role the write_file (its identifier src/a.py was seen) and the read after it
    // resurface too: {2, 3, 4, 5, 6}, 5 of 7.
    expect(computeMetrics(trajectory, null, { roles: { ...roles, write: [] } }).needless_calls).toBe(5);
    // Under generic roles (no write, nothing identified): the empty batch read returned text, so it
    // is not zero-yield; the write_file and both reads after it resurface, and 6 failed: {3, 4, 5, 6}.
    expect(computeMetrics(trajectory, null, { roles: GENERIC_TOOL_ROLES }).needless_calls).toBe(4);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}, 60_000);
