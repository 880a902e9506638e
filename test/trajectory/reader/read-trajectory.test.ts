import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readTrajectory } from '../../../src/trajectory/reader/read-trajectory.js';
import { FIXTURES, recordSample, tempDir } from '../helpers.js';

function edit(path: string, change: (text: string) => string) {
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

function editLine(path: string, index: number, change: (value: Record<string, unknown>) => unknown) {
  edit(path, (text) => {
    const lines = text.split('\n');
    lines[index] = JSON.stringify(change(JSON.parse(lines[index] ?? '')));
    return lines.join('\n');
  });
}

// Each case damages the sample trajectory (3 events, 3 messages) one way.
const cases: [string, (dir: string) => void, string, RegExp][] = [
  [
    'no result.json',
    (dir) => rmSync(join(dir, 'result.json')),
    'TRAJECTORY_INCOMPLETE',
    /result\.json: missing: the run did not finish/,
  ],
  [
    'no model_turns.json',
    (dir) => rmSync(join(dir, 'model_turns.json')),
    'TRAJECTORY_MISSING_FILE',
    /model_turns\.json: the turns sidecar is missing; .*never read as one turn/,
  ],
  [
    'no events.jsonl',
    (dir) => rmSync(join(dir, 'events.jsonl')),
    'TRAJECTORY_MISSING_FILE',
    /events\.jsonl: missing/,
  ],
  [
    'no messages.jsonl',
    (dir) => rmSync(join(dir, 'messages.jsonl')),
    'TRAJECTORY_MISSING_FILE',
    /messages\.jsonl: missing/,
  ],
  [
    'a torn last events line',
    (dir) => edit(join(dir, 'events.jsonl'), (text) => text.slice(0, text.length - 40)),
    'TRAJECTORY_INCOMPLETE',
    /events\.jsonl:3: the last line is torn/,
  ],
  [
    'a torn last messages line',
    (dir) => edit(join(dir, 'messages.jsonl'), (text) => text.slice(0, text.length - 5)),
    'TRAJECTORY_INCOMPLETE',
    /messages\.jsonl:3: the last line is torn/,
  ],
  [
    'a middle line that is not JSON',
    (dir) => edit(join(dir, 'events.jsonl'), (text) => text.replace('"seq":1,', '"seq":1,,')),
    'TRAJECTORY_MALFORMED',
    /events\.jsonl:2: not valid JSON/,
  ],
  [
    'a line that fails its schema',
    (dir) => editLine(join(dir, 'events.jsonl'), 0, (event) => ({ ...event, seq: 'zero' })),
    'TRAJECTORY_MALFORMED',
    /events\.jsonl:1: `seq`: /,
  ],
  [
    'an unknown key on a line',
    (dir) => editLine(join(dir, 'messages.jsonl'), 1, (message) => ({ ...message, tokens: 5 })),
    'TRAJECTORY_MALFORMED',
    /messages\.jsonl:2: unknown key `tokens`/,
  ],
  [
    'a result with an unknown outcome',
    (dir) => edit(join(dir, 'result.json'), (text) => text.replace('"answered"', '"finished"')),
    'TRAJECTORY_MALFORMED',
    /result\.json: `outcome`: /,
  ],
  [
    'a turns sidecar that is not JSON',
    (dir) => edit(join(dir, 'model_turns.json'), (text) => text.slice(0, 10)),
    'TRAJECTORY_MALFORMED',
    /model_turns\.json: not valid JSON/,
  ],
  [
    'a call with no turns entry',
    (dir) =>
      edit(join(dir, 'model_turns.json'), (text) => JSON.stringify({ ...JSON.parse(text), '2': undefined })),
    'TRAJECTORY_INCONSISTENT',
    /model_turns\.json: no entry for call seq 2/,
  ],
  [
    'a turns entry naming a message not recorded',
    (dir) => edit(join(dir, 'model_turns.json'), (text) => text.replace('"m2"', '"m9"')),
    'TRAJECTORY_INCONSISTENT',
    /call seq 2 names message `m9`/,
  ],
  [
    'a turns entry whose turn disagrees with its message',
    (dir) => edit(join(dir, 'model_turns.json'), (text) => text.replace('"turn": 2', '"turn": 1')),
    'TRAJECTORY_INCONSISTENT',
    /call seq 2 is in turn 1, but its message `m2` is in turn 2/,
  ],
  [
    'a turns entry for a call that does not exist',
    (dir) =>
      edit(join(dir, 'model_turns.json'), (text) =>
        JSON.stringify({ ...JSON.parse(text), '7': { message_id: 'm1', turn: 1 } }),
      ),
    'TRAJECTORY_INCONSISTENT',
    /entries for calls not in events\.jsonl: 7/,
  ],
  [
    'events out of order',
    (dir) => editLine(join(dir, 'events.jsonl'), 1, (event) => ({ ...event, seq: 2 })),
    'TRAJECTORY_INCONSISTENT',
    /events\.jsonl:2: expected `seq` 1, got 2/,
  ],
];

describe('readTrajectory', () => {
  test('reads a recorded trajectory with its blobs located from the run directory', async () => {
    const run = tempDir();
    recordSample(run);
    const trajectory = await readTrajectory(join(run, 'tasks', 't1'));
    expect(trajectory.task_id).toBe('t1');
    expect(trajectory.events).toHaveLength(3);
    expect(trajectory.messages.map((message) => [message.id, message.turn])).toEqual([
      ['m1', 1],
      ['m2', 2],
      ['m3', 3],
    ]);
    const first = trajectory.events[0]!;
    expect(trajectory.blobs.read(first.blob)).toBe('src/config.py:1-9 parse_config\nsrc/app.py:10-20 main');
    expect(first.rows).toEqual([
      { path: 'src/config.py', start: 1, end: 9, name: 'parse_config' },
      { path: 'src/app.py', start: 10, end: 20 },
    ]);
    expect(trajectory.events[2]).toMatchObject({
      ok: false,
      error: 'no such file',
      started_at: null,
      duration_ms: null,
    });
  });

  test.each(cases)('refuses %s', async (_name, damage, code, message) => {
    const run = tempDir();
    recordSample(run);
    const dir = join(run, 'tasks', 't1');
    damage(dir);
    const error = await readTrajectory(dir).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code });
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toContain(dir);
  });

  test('a hand-written trajectory whose events.jsonl line 2 is not JSON is refused naming that line', async () => {
    const dir = join(FIXTURES, 'recorded', 'malformed-events');
    await expect(readTrajectory(dir)).rejects.toMatchObject({
      code: 'TRAJECTORY_MALFORMED',
      data: { file: join(dir, 'events.jsonl'), line: 2 },
    });
  });

  test('a hand-written trajectory without its turns sidecar is refused, not read as one turn', async () => {
    const dir = join(FIXTURES, 'recorded', 'no-turns-sidecar');
    await expect(readTrajectory(dir)).rejects.toMatchObject({
      code: 'TRAJECTORY_MISSING_FILE',
      data: { missing: 'model_turns.json' },
    });
  });

  test('the task id falls back to the option, then to the decoded directory name', async () => {
    const run = tempDir();
    recordSample(run, 'a/b c');
    const dir = join(run, 'tasks', 'a%2Fb%20c');
    edit(join(dir, 'result.json'), (text) => JSON.stringify({ ...JSON.parse(text), task_id: undefined }));
    expect((await readTrajectory(dir, { taskId: 'given' })).task_id).toBe('given');
    expect((await readTrajectory(dir)).task_id).toBe('a/b c');
  });
});
