import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { convertOpenAi, importOpenAi } from '../../../src/trajectory/importers/openai/import-openai.js';
import { readTrajectory } from '../../../src/trajectory/reader/read-trajectory.js';
import { FIXTURES, REALDATA, tempDir } from '../helpers.js';

const TAU = join(REALDATA, 'openai-chat-tool-calls', 'tau-bench_gpt-4o-airline.subset3.json');

describe('importOpenAi: tau-bench gpt-4o airline records', () => {
  test('one trajectory per record; every assistant message is one turn', async () => {
    const run = tempDir();
    const imported = await importOpenAi(TAU, { runDir: run, errorPattern: /^Error:/ });
    // Counted by reading the file: task 0 has 15 assistant messages, 8 with one tool call each;
    // task 6: 11 and 6; task 11: 17 and 10.
    expect(
      imported.map((entry) => [entry.task_id, entry.messages, entry.calls, entry.complete, entry.warnings]),
    ).toEqual([
      ['0', 15, 8, true, []],
      ['6', 11, 6, true, []],
      ['11', 17, 10, true, []],
    ]);
  });

  test('task 0: calls in order, reused call ids matched to the right reply, an `Error:` reply is a failed call', async () => {
    const run = tempDir();
    const [first] = await importOpenAi(TAU, { runDir: run, errorPattern: /^Error:/ });
    const trajectory = await readTrajectory(first!.dir);
    expect(trajectory.events.map((event) => [event.tool, event.ok])).toEqual([
      ['get_user_details', true],
      ['search_direct_flight', true],
      ['search_onestop_flight', true],
      ['calculate', true],
      ['book_reservation', false],
      ['think', true],
      ['calculate', true],
      ['book_reservation', true],
    ]);
    // call_HGn16KZh9oNCruxsMJ4gYXan names both flight searches; each got its own reply.
    const direct = trajectory.blobs.read(trajectory.events[1]!.blob)!;
    const onestop = trajectory.blobs.read(trajectory.events[2]!.blob)!;
    expect(direct.startsWith('[{"flight_number": "HAT069"')).toBe(true);
    expect(onestop.startsWith('[[{"flight_number": "HAT057"')).toBe(true);
    expect(trajectory.events[3]!.args).toEqual({ expression: '152 + 103' });
    expect(trajectory.blobs.read(trajectory.events[3]!.blob)).toBe('255.0');
    expect(trajectory.events[4]!.error).toBe(
      'Error: payment amount does not add up, total price is 305, but paid 255',
    );
    // think replies with the empty string: a zero-byte blob.
    expect(trajectory.events[5]!.bytes).toBe(0);
    // Assistant messages sit at traj indexes 2, 4, ..., 30 (system at 0, then user/assistant pairs with tool
    // replies between), so the one at index i is turn i / 2; the calls come from indexes 6, 8, 12, 16, 20, 22, 24, 28.
    expect(Object.values(trajectory.turns).map((entry) => [entry.message_id, entry.turn])).toEqual([
      ['msg-6', 3],
      ['msg-8', 4],
      ['msg-12', 6],
      ['msg-16', 8],
      ['msg-20', 10],
      ['msg-22', 11],
      ['msg-24', 12],
      ['msg-28', 14],
    ]);
    expect(trajectory.messages.every((message) => message.usage === undefined)).toBe(true);
    expect(trajectory.result).toMatchObject({
      outcome: 'answered',
      turns: 15,
      turn_budget: null,
      duration_ms: null,
    });
    expect(trajectory.result.answer).toMatch(
      /^Your flight from New York \(JFK\) to Seattle \(SEA\) has been successfully booked/,
    );
  });

  test('without an error pattern every replied call is ok (the wire format has no error flag)', () => {
    const [first] = convertOpenAi(readFileSync(TAU, 'utf8'));
    expect(first!.calls.filter((call) => !call.ok)).toEqual([]);
  });
});

describe('importOpenAi: hand-made edge cases', () => {
  test('arguments that are not a JSON object are kept raw with empty args; a reply with no call is skipped', async () => {
    const run = tempDir();
    const [imported] = await importOpenAi(join(FIXTURES, 'openai', 'invalid-arguments.json'), {
      runDir: run,
      errorPattern: /^Error:/,
    });
    expect(imported!.warnings).toEqual([
      expect.stringMatching(
        /invalid-arguments\.json\[0\]\.traj\[5\]: tool reply for `call_999` has no open tool call/,
      ),
      'call `call_1` (get_symbol): arguments are not a JSON object; kept raw',
      'call `call_3` (search_codebase): arguments are not a JSON object; kept raw',
      '1 tool call(s) had no tool reply: recorded as failed calls',
    ]);
    const trajectory = await readTrajectory(imported!.dir);
    expect(trajectory.task_id).toBe('broken-args');
    expect(
      trajectory.events.map((event) => [
        event.tool,
        event.args,
        event.args_raw ?? null,
        event.ok,
        event.error ?? null,
      ]),
    ).toEqual([
      ['get_symbol', {}, '{"target": "pkg.mod.Cls"', false, 'Error: missing argument `target`'],
      ['read_file', { path: 'pkg/mod.py' }, null, true, null],
      ['search_codebase', {}, '["Cls"]', false, 'no tool reply in the transcript'],
    ]);
    expect(
      trajectory.messages.map((message) => [message.id, message.turn, message.tool_calls.length]),
    ).toEqual([
      ['msg-2', 1, 3],
      ['msg-6', 2, 0],
    ]);
    expect(trajectory.result).toMatchObject({
      answer: 'Cls is defined in pkg/mod.py.',
      outcome: 'answered',
      turns: 2,
    });
  });

  test('a bare message array is one conversation; a run ending on a tool call has no answer', () => {
    const messages = [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'a', content: 'done' },
      {
        role: 'assistant',
        content: 'checking',
        tool_calls: [{ id: 'b', type: 'function', function: { name: 'g', arguments: 'not json' } }],
      },
    ];
    const [run] = convertOpenAi(JSON.stringify(messages), { taskId: 'bare' });
    expect(run).toMatchObject({
      task_id: 'bare',
      result: { answer: null, outcome: 'unanswered_empty', turns: 2 },
    });
    expect(run!.calls.map((call) => [call.tool, call.ok, call.args_raw ?? null])).toEqual([
      ['f', true, null],
      ['g', false, 'not json'],
    ]);
  });

  test.each([
    ['an object (some logs store it parsed)', { a: 1 }, { a: 1 }, null],
    ['a number', 42, {}, '42'],
    ['an empty string', '', {}, ''],
    ['null', null, {}, null],
    ['a JSON string holding a string', '"x"', {}, '"x"'],
  ])('arguments given as %s never throw', (_name, value, args, raw) => {
    const messages = [
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'a', function: { name: 'f', arguments: value } }],
      },
      { role: 'tool', tool_call_id: 'a', content: 'ok' },
    ];
    const [run] = convertOpenAi(JSON.stringify(messages));
    expect([run!.calls[0]!.args, run!.calls[0]!.args_raw ?? null]).toEqual([args, raw]);
  });

  test('trials of one task get distinct ids (the rollout ids 3, 3~2) and folders', async () => {
    const run = tempDir();
    const file = join(tempDir(), 'trials.jsonl');
    const record = (trial: number) =>
      JSON.stringify({ task_id: 3, trial, traj: [{ role: 'assistant', content: `answer ${trial}` }] });
    writeFileSync(file, `${record(0)}\n${record(1)}\n`);
    const imported = await importOpenAi(file, { runDir: run });
    expect(imported.map((entry) => [entry.task_id, entry.dir.slice(run.length)])).toEqual([
      ['3', '/tasks/3'],
      ['3~2', '/tasks/3~2'],
    ]);
    expect((await readTrajectory(imported[1]!.dir)).result.answer).toBe('answer 1');
  });

  test('a record that is neither a message nor a conversation is refused naming where', () => {
    expect(() => convertOpenAi('[{"task_id": 1}]', { source: 'x.json' })).toThrow(
      expect.objectContaining({
        code: 'IMPORT_MALFORMED',
        message: expect.stringMatching(/^x\.json\[0\]: expected a chat message/),
      }),
    );
    expect(() => convertOpenAi('[{"traj": [{"role": 5}]}]', { source: 'x.json' })).toThrow(
      expect.objectContaining({
        code: 'IMPORT_MALFORMED',
        message: expect.stringMatching(/^x\.json\[0\]\.traj\[0\]: not an OpenAI chat message: `role`/),
      }),
    );
  });
});
