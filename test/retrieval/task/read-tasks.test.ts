import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { AgentTrackError } from '../../../src/core/errors.js';
import { parseTasksJsonl, readTasks } from '../../../src/retrieval/task/read-tasks.js';

const dir = mkdtempSync(join(tmpdir(), 'agent-track-tasks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, lines: readonly string[]): string {
  const file = join(dir, name);
  writeFileSync(file, lines.join('\n'));
  return file;
}

const t1 = { id: 't1', question: 'Where is the cart total computed?', gold: { files: ['shop/cart.py'] } };
const t2 = {
  id: 't2',
  question: 'Find the function that adds two numbers.',
  gold: { body: 'func Add(a, b int) int { return a + b }' },
  corpus: { files: { 'main.go': 'package main' } },
  meta: { language: 'go' },
};
const t3 = {
  id: 't3',
  question: 'Which module validates stages?',
  gold: { files: ['osbuild/meta.py'], answer: 'meta.py' },
  corpus: { repo: 'osbuild/osbuild', commit: '144b0563d63034c086ed375a821b1831cd04b5e7' },
};

describe('readTasks', () => {
  test('reads every task, skipping blank lines, with each corpus form', async () => {
    const file = write('ok.jsonl', [JSON.stringify(t1), '', JSON.stringify(t2), JSON.stringify(t3), '']);
    expect(await readTasks(file)).toEqual([t1, t2, t3]);
  });

  test('a relative corpus directory is read from where its tasks file sits, an absolute one as it is', async () => {
    const near = { ...t1, corpus: { dir: 'corpus' } };
    const far = { ...t1, id: 't9', corpus: { dir: '/srv/corpus' } };
    const file = write('relative.jsonl', [JSON.stringify(near), JSON.stringify(far)]);
    expect((await readTasks(file)).map((task) => task.corpus)).toEqual([
      { dir: join(dir, 'corpus') },
      { dir: '/srv/corpus' },
    ]);
  });

  test('a directory corpus is accepted', () => {
    const task = { ...t1, corpus: { dir: 'fixtures/corpora/shop' } };
    expect(parseTasksJsonl(JSON.stringify(task), 'inline')).toEqual([task]);
  });

  test.each([
    ['not JSON', '{"id": "t9",', /bad\.jsonl:2: not valid JSON/],
    [
      'an unknown gold key',
      JSON.stringify({ ...t1, id: 't9', gold: { fies: ['a.py'] } }),
      /bad\.jsonl:2: task `t9`: unknown key `gold\.fies`/,
    ],
    [
      'an unknown top-level key',
      JSON.stringify({ ...t1, id: 't9', split: 'dev' }),
      /bad\.jsonl:2: task `t9`: unknown key `split`/,
    ],
    [
      'a wrong type, naming the value',
      JSON.stringify({ ...t1, id: 't9', gold: { files: 'a.py' } }),
      /bad\.jsonl:2: task `t9`: `gold\.files`: .*expected array.*; got `a\.py` \(string\)/,
    ],
    ['a missing question', JSON.stringify({ id: 't9', gold: {} }), /bad\.jsonl:2: task `t9`: `question`/],
    [
      'an empty gold file list',
      JSON.stringify({ ...t1, id: 't9', gold: { files: [] } }),
      /bad\.jsonl:2: task `t9`: `gold\.files`/,
    ],
    [
      'a corpus mixing two forms',
      JSON.stringify({ ...t1, id: 't9', corpus: { dir: 'x', commit: 'abc' } }),
      /bad\.jsonl:2: task `t9`: unknown key `corpus\.commit`/,
    ],
  ])('refuses %s, naming file and line', async (_name, bad, message) => {
    const file = write('bad.jsonl', [JSON.stringify(t1), bad]);
    const error = await readTasks(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentTrackError);
    expect((error as AgentTrackError).code).toBe('INVALID_TASK');
    expect((error as AgentTrackError).data).toMatchObject({ file, line: 2 });
    expect((error as Error).message).toMatch(message);
  });

  test('refuses a repeated id, naming both lines', async () => {
    const file = write('dup.jsonl', [
      JSON.stringify(t1),
      JSON.stringify(t2),
      JSON.stringify({ ...t3, id: 't1' }),
    ]);
    const error = (await readTasks(file).catch((e: unknown) => e)) as AgentTrackError;
    expect(error.code).toBe('DUPLICATE_TASK_ID');
    expect(error.message).toBe(`${file}:3: task id \`t1\` was already used on line 1`);
    expect(error.data).toMatchObject({ line: 3, first_line: 1, id: 't1' });
  });

  test('a missing file is named', async () => {
    const file = join(dir, 'missing.jsonl');
    const error = (await readTasks(file).catch((e: unknown) => e)) as AgentTrackError;
    expect(error.code).toBe('TASKS_UNREADABLE');
    expect(error.message).toContain(`\`${file}\``);
    expect(error.cause).toBeDefined();
  });
});
