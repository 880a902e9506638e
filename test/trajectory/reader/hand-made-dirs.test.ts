import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { dirTaskId, readTrajectory } from '../../../src/trajectory/index.js';
import { cli, ROOT } from '../../cli/run-cli.js';

const SOURCE = join(ROOT, 'fixtures/runs/viewer-small/arms/baseline/tasks/task-000');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-dir-task-id-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('a directory name decodes as the recorder encodes it, and one that is no valid encoding is its own name', () => {
  expect(dirTaskId('runs/x/tasks/a%2Fb')).toBe('a/b');
  expect(dirTaskId('tasks/hostile-%3Cb%3E%26task')).toBe('hostile-<b>&task');
  expect(dirTaskId('tasks/bad%zz')).toBe('bad%zz');
  expect(dirTaskId('tasks/100%')).toBe('100%');
});

it('a trajectory in a directory named by hand (`bad%zz`, a space) is read and scored, never a crash', async () => {
  for (const name of ['bad%zz', 'with space', 'a%2Fb'])
    cpSync(SOURCE, join(scratch, 'runs', name), { recursive: true });
  const trajectory = await readTrajectory(join(scratch, 'runs', 'bad%zz'));
  expect(trajectory.events.length).toBeGreaterThan(0);
  const run = await cli('metrics', join(scratch, 'runs'));
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toContain('3 scored, 0 refused');
});

it('a trajectory file that links outside its directory is refused unread (its content never quoted); a link inside is read', async () => {
  const outside = join(scratch, 'outside.jsonl');
  writeFileSync(outside, '{"seq": "OUTSIDE-SECRET-LINE"}\n');
  const dir = join(scratch, 'linked', 't1');
  cpSync(SOURCE, dir, { recursive: true });
  rmSync(join(dir, 'events.jsonl'));
  symlinkSync(outside, join(dir, 'events.jsonl'));
  await expect(readTrajectory(dir)).rejects.toMatchObject({
    code: 'TRAJECTORY_MALFORMED',
    message: expect.stringContaining(
      'a link to a file outside the trajectory directory: refused, never read',
    ),
  });
  const run = await cli('metrics', join(scratch, 'linked'));
  expect(run.code).toBe(2);
  expect(`${run.stdout}${run.stderr}`).not.toContain('OUTSIDE-SECRET-LINE');
  // The same file kept inside the directory under another name, linked: read.
  rmSync(join(dir, 'events.jsonl'));
  cpSync(join(SOURCE, 'events.jsonl'), join(dir, 'events-real.jsonl'));
  symlinkSync('events-real.jsonl', join(dir, 'events.jsonl'));
  expect((await readTrajectory(dir)).events.length).toBeGreaterThan(0);
});

it('turns that go backwards (a later call in an earlier turn) are refused as inconsistent', async () => {
  const dir = join(scratch, 'backwards', 't1');
  cpSync(SOURCE, dir, { recursive: true });
  const turns = JSON.parse(readFileSync(join(dir, 'model_turns.json'), 'utf8')) as Record<
    string,
    { turn: number }
  >;
  const last = String(Object.keys(turns).length - 1);
  // Call 0 given the last call's message (and so its turn): call 1 then sits in an earlier turn.
  turns['0'] = turns[last]!;
  writeFileSync(join(dir, 'model_turns.json'), JSON.stringify(turns));
  await expect(readTrajectory(dir)).rejects.toMatchObject({
    code: 'TRAJECTORY_INCONSISTENT',
    message: expect.stringContaining(
      `turns go backwards: call seq 1 is in turn ${turns['1']!.turn}, after a call in turn ${turns[last]!.turn}`,
    ),
  });
});

it('a trajectory file that is not valid UTF-8 is refused, never read with its bytes replaced', async () => {
  const dir = join(scratch, 'latin1', 't1');
  cpSync(SOURCE, dir, { recursive: true });
  const events = readFileSync(join(dir, 'events.jsonl'));
  // A Latin-1 "é" (0xE9) inside the first line's JSON: no UTF-8 sequence starts like that.
  const broken = Buffer.concat([events.subarray(0, 20), Buffer.from([0xe9]), events.subarray(20)]);
  writeFileSync(join(dir, 'events.jsonl'), broken);
  await expect(readTrajectory(dir)).rejects.toMatchObject({
    code: 'TRAJECTORY_MALFORMED',
    message: expect.stringContaining('not valid UTF-8: refused, never read with its bytes replaced'),
  });
});

it('a U+FFFD the file really holds is read as it is, beside a file whose bad byte would become one', async () => {
  const dir = join(scratch, 'replacement-char', 't1');
  cpSync(SOURCE, dir, { recursive: true });
  const messages = readFileSync(join(dir, 'messages.jsonl'), 'utf8').split('\n');
  const first = JSON.parse(messages[0]!) as { content?: unknown };
  // Valid UTF-8 (EF BF BD): the character is the text, not a sign of a byte that was replaced.
  messages[0] = JSON.stringify({ ...first, content: 'a \uFFFD in the text' });
  writeFileSync(join(dir, 'messages.jsonl'), messages.join('\n'));
  const trajectory = await readTrajectory(dir);
  expect(trajectory.messages[0]!.content).toBe('a \uFFFD in the text');
  // The same character written as a byte that is not UTF-8 (0xFF) is refused.
  const bytes = readFileSync(join(dir, 'messages.jsonl'));
  const at = bytes.indexOf(Buffer.from('\uFFFD'));
  writeFileSync(
    join(dir, 'messages.jsonl'),
    Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at + 3)]),
  );
  await expect(readTrajectory(dir)).rejects.toMatchObject({
    code: 'TRAJECTORY_MALFORMED',
    message: expect.stringContaining('not valid UTF-8'),
  });
});

it('a file bigger than the read buffer (1 MiB) is read whole, and refused whole when a byte is not UTF-8', async () => {
  const dir = join(scratch, 'big', 't1');
  cpSync(SOURCE, dir, { recursive: true });
  const lines = readFileSync(join(dir, 'events.jsonl'), 'utf8').split('\n');
  const first = JSON.parse(lines[0]!) as { preview: string };
  const preview = `${'é'.repeat(600_000)}end`;
  lines[0] = JSON.stringify({ ...first, preview });
  writeFileSync(join(dir, 'events.jsonl'), lines.join('\n'));
  expect(readFileSync(join(dir, 'events.jsonl')).length).toBeGreaterThan(2 ** 20);
  expect((await readTrajectory(dir)).events[0]!.preview).toBe(preview);
  const bytes = readFileSync(join(dir, 'events.jsonl'));
  const at = bytes.lastIndexOf(Buffer.from('end'));
  writeFileSync(
    join(dir, 'events.jsonl'),
    Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at + 1)]),
  );
  await expect(readTrajectory(dir)).rejects.toMatchObject({
    code: 'TRAJECTORY_MALFORMED',
    message: expect.stringContaining('not valid UTF-8'),
  });
});

it('a line nested 100,000 deep is refused naming the file and line, not with a bare stack overflow', async () => {
  const dir = join(scratch, 'deep', 't1');
  cpSync(SOURCE, dir, { recursive: true });
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  writeFileSync(join(dir, 'events.jsonl'), `{"seq":0,"args":${deep}}\n`);
  await expect(readTrajectory(dir)).rejects.toMatchObject({
    code: 'TRAJECTORY_MALFORMED',
    message: expect.stringContaining(`${join(dir, 'events.jsonl')}:1: `),
  });
});

it('a trajectory file that is a link loop or a directory is refused naming it (a loop was a bare ELOOP)', async () => {
  const dir = join(scratch, 'odd', 't1');
  cpSync(SOURCE, dir, { recursive: true });
  const events = join(dir, 'events.jsonl');
  rmSync(events);
  symlinkSync(events, events);
  await expect(readTrajectory(dir)).rejects.toMatchObject({
    code: 'TRAJECTORY_MALFORMED',
    message: expect.stringContaining(
      `${events}: a link that loops (or a chain of links too long to follow): refused, never read`,
    ),
  });
  rmSync(events);
  mkdirSync(events);
  await expect(readTrajectory(dir)).rejects.toMatchObject({
    message: expect.stringContaining(`${events}: a directory, not a file: refused`),
  });
});
