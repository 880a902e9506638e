import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readTrajectory } from '../../src/trajectory/reader/read-trajectory.js';
import { Recorder } from '../../src/trajectory/recorder.js';
import { sha256Hex } from '../../src/trajectory/store/blob-store.js';
import { recordSample, tempDir } from './helpers.js';

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '');

describe('Recorder', () => {
  test('writes events, messages, the turns sidecar and result.json, and reads back the same trajectory', async () => {
    const run = tempDir();
    const written = recordSample(run);
    const dir = join(run, 'tasks', 't1');
    expect(lines(join(dir, 'events.jsonl'))).toHaveLength(3);
    expect(lines(join(dir, 'messages.jsonl'))).toHaveLength(3);
    expect(JSON.parse(readFileSync(join(dir, 'model_turns.json'), 'utf8'))).toEqual({
      '0': { message_id: 'm1', turn: 1 },
      '1': { message_id: 'm1', turn: 1 },
      '2': { message_id: 'm2', turn: 2 },
    });
    expect(JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'))).toMatchObject({
      task_id: 't1',
      turns: 3,
    });
    const read = await readTrajectory(dir, { blobs: join(run, 'blobs') });
    const { blobs: _w, ...writtenRest } = written;
    const { blobs: _r, ...readRest } = read;
    expect(readRest).toEqual(writtenRest);
    expect(read.events.map((event) => [event.seq, event.tool, event.ok])).toEqual([
      [0, 'search_codebase', true],
      [1, 'get_symbol', true],
      [2, 'read_file', false],
    ]);
  });

  test('an event carries preview, blob name and byte count; the blob holds the whole result', () => {
    const run = tempDir();
    const rec = Recorder.create(join(run, 't'), { taskId: 't', blobs: join(run, 'blobs'), previewBytes: 8 });
    rec.recordMessage({ id: 'm1' });
    const result = `héllo wörld ${'x'.repeat(100)}`;
    const event = rec.recordToolCall({
      tool: 'read_file',
      args: {},
      message_id: 'm1',
      result,
      ok: true,
      started_at: new Date(0),
      duration_ms: 1,
    });
    expect(event.preview).toBe('héllo w'); // 8 bytes: h é(2) l l o ' ' w
    expect(event.bytes).toBe(Buffer.byteLength(result));
    expect(event.bytes).toBe(result.length + 2);
    expect(event.blob).toBe(sha256Hex(result));
    expect(rec.blobs.read(event.blob)).toBe(result);
    expect(event.started_at).toBe('1970-01-01T00:00:00.000Z');
    expect(event.identifiers).toEqual([]);
    expect(event).not.toHaveProperty('rows');
  });

  test('until finish() the directory is incomplete, and readTrajectory refuses it', async () => {
    const run = tempDir();
    const rec = Recorder.create(join(run, 't'), { taskId: 't', blobs: join(run, 'blobs') });
    rec.recordMessage({ id: 'm1' });
    rec.recordToolCall({ tool: 'x', message_id: 'm1', result: 'r', ok: true });
    expect(existsSync(join(run, 't', 'result.json'))).toBe(false);
    await expect(readTrajectory(join(run, 't'))).rejects.toMatchObject({ code: 'TRAJECTORY_INCOMPLETE' });
  });

  test.each([
    [
      'a call naming a message that was not recorded',
      (rec: Recorder) => rec.recordToolCall({ tool: 'x', message_id: 'nope', result: '', ok: true }),
      'UNKNOWN_MESSAGE',
      /message `nope`, which was not recorded/,
    ],
    [
      'a repeated message id',
      (rec: Recorder) => rec.recordMessage({ id: 'm1' }),
      'DUPLICATE_MESSAGE',
      /`m1`/,
    ],
    [
      'a result that fails its schema',
      (rec: Recorder) =>
        rec.finish({
          answer: null,
          outcome: 'answered',
          turn_budget: 0,
          turns: -1,
          timed_out: false,
          started_at: null,
          duration_ms: null,
        }),
      'INVALID_RESULT',
      /`turn_budget`.*`turns`/,
    ],
    [
      'a call with an empty tool name',
      (rec: Recorder) => rec.recordToolCall({ tool: '', message_id: 'm1', result: '', ok: true }),
      'INVALID_TOOL_CALL',
      /`tool`/,
    ],
  ])('refuses %s', (_name, act, code, message) => {
    const run = tempDir();
    const rec = Recorder.create(join(run, 't'), { taskId: 't', blobs: join(run, 'blobs') });
    rec.recordMessage({ id: 'm1' });
    let caught: unknown;
    try {
      act(rec);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code });
    expect((caught as Error).message).toMatch(message);
  });

  test('turns default to the next one; an explicit turn is kept', () => {
    const run = tempDir();
    const rec = Recorder.create(join(run, 't'), { taskId: 't', blobs: join(run, 'blobs') });
    expect(rec.recordMessage({ id: 'a' }).turn).toBe(1);
    expect(rec.recordMessage({ id: 'b', turn: 5 }).turn).toBe(5);
    expect(rec.recordMessage({ id: 'c' }).turn).toBe(6);
  });

  test('refuses to record after finish()', () => {
    const run = tempDir();
    const rec = Recorder.create(join(run, 't'), { taskId: 't', blobs: join(run, 'blobs') });
    rec.finish({
      answer: '',
      outcome: 'unanswered_empty',
      turn_budget: null,
      turns: 0,
      timed_out: false,
      started_at: null,
      duration_ms: null,
    });
    expect(rec.finished).toBe(true);
    expect(() => rec.recordMessage({ id: 'm' })).toThrow(
      expect.objectContaining({ code: 'RECORDER_FINISHED' }),
    );
  });

  test('refuses a directory that holds a trajectory unless told to overwrite, which starts it afresh', async () => {
    const run = tempDir();
    recordSample(run);
    const dir = join(run, 'tasks', 't1');
    expect(() => Recorder.create(dir, { taskId: 't1', blobs: join(run, 'blobs') })).toThrow(
      expect.objectContaining({ code: 'TRAJECTORY_EXISTS' }),
    );
    const rec = Recorder.create(dir, { taskId: 't1', blobs: join(run, 'blobs'), overwrite: true });
    expect(existsSync(join(dir, 'result.json'))).toBe(false);
    expect(existsSync(join(dir, 'model_turns.json'))).toBe(false);
    expect(readFileSync(join(dir, 'events.jsonl'), 'utf8')).toBe('');
    rec.finish({
      answer: null,
      outcome: 'timeout',
      turn_budget: 3,
      turns: 0,
      timed_out: true,
      started_at: null,
      duration_ms: 60000,
    });
    const read = await readTrajectory(dir);
    expect(read.events).toEqual([]);
    expect(read.turns).toEqual({});
    expect(read.result.outcome).toBe('timeout');
  });
});
