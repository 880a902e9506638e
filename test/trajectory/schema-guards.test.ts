import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  modelMessageSchema,
  modelTurnsSchema,
  toolEventSchema,
  trajectoryResultSchema,
} from '../../src/trajectory/schema.js';
import {
  isModelMessage,
  isModelTurns,
  isToolEvent,
  isTrajectoryResult,
} from '../../src/trajectory/schema-guards.js';

type Json = Record<string, unknown>;
const SHA = 'a'.repeat(64);

const event: Json = {
  seq: 0,
  tool: 'search_codebase',
  args: { query: 'parse config', k: 5, nested: { a: [1, null] } },
  ok: true,
  preview: 'src/a.py:1-9 f',
  blob: SHA,
  bytes: 14,
  identifiers: ['src/a.py'],
  rows: [{ path: 'src/a.py', start: 1, end: 9, name: 'f', text: 'def f(): ...' }, { path: 'src/b.py' }],
  started_at: '2025-01-01T00:00:00.000Z',
  duration_ms: 1.5,
};
const message: Json = {
  id: 'm1',
  turn: 1,
  finish_reason: 'tool_calls',
  content: '',
  tool_calls: [{ id: 'c1', name: 'search_codebase' }],
  usage: { prompt: 100, completion: 20, reasoning: 5, cached: 40 },
  cost_usd: 0.01,
};
const turns: Json = { '0': { message_id: 'm1', turn: 1 }, '12': { message_id: 'm2', turn: 2 } };
const result: Json = {
  task_id: 't1',
  answer: null,
  outcome: 'answered',
  turn_budget: 12,
  turns: 3,
  timed_out: false,
  started_at: null,
  duration_ms: 20,
  cost_usd: 0,
  error: 'x',
  patch: '--- a/x\n+++ b/x\n',
};

const without = (value: Json, ...keys: string[]) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
const withKey = (value: Json, key: string, v: unknown) => ({ ...value, [key]: v });
const json = (text: string): unknown => JSON.parse(text);

interface Case {
  name: string;
  guard: (value: unknown) => boolean;
  schema: z.ZodType;
  valid: unknown[];
  invalid: [string, unknown][];
}

const CASES: Case[] = [
  {
    name: 'ToolEvent',
    guard: isToolEvent,
    schema: toolEventSchema,
    valid: [
      event,
      without(event, 'rows'),
      { ...without(event, 'rows'), args: {}, args_raw: 'not json', ok: false, error: 'boom' },
      { ...event, started_at: null, duration_ms: null, identifiers: [], rows: [] },
      { ...event, seq: Number.MAX_SAFE_INTEGER, bytes: -0, rows: [{ path: '', start: -3 }] },
      json(
        `{"seq":0,"tool":"t","args":{"constructor":1},"ok":true,"preview":"","blob":"${SHA}","bytes":0,"identifiers":[],"started_at":null,"duration_ms":0}`,
      ),
    ],
    invalid: [
      ['an unknown key', withKey(event, 'sqe', 0)],
      ['a missing key', without(event, 'seq')],
      ['a missing nullable key', without(event, 'duration_ms')],
      ['seq negative', withKey(event, 'seq', -1)],
      ['seq fractional', withKey(event, 'seq', 1.5)],
      ['seq past safe integers', withKey(event, 'seq', 2 ** 53)],
      ['seq a string', withKey(event, 'seq', '0')],
      ['seq infinite (1e999)', json(JSON.stringify(event).replace('"seq":0', '"seq":1e999'))],
      ['an empty tool', withKey(event, 'tool', '')],
      ['args an array', withKey(event, 'args', [])],
      ['args null', withKey(event, 'args', null)],
      ['args_raw a number', withKey(event, 'args_raw', 1)],
      ['ok a string', withKey(event, 'ok', 'true')],
      ['error null', withKey(event, 'error', null)],
      ['preview null', withKey(event, 'preview', null)],
      ['a blob in capitals', withKey(event, 'blob', 'A'.repeat(64))],
      ['a short blob', withKey(event, 'blob', 'a'.repeat(63))],
      ['bytes negative', withKey(event, 'bytes', -1)],
      ['an identifier not a string', withKey(event, 'identifiers', ['a', 1])],
      ['identifiers an object', withKey(event, 'identifiers', { 0: 'a' })],
      ['rows null', withKey(event, 'rows', null)],
      ['a row with an unknown key', withKey(event, 'rows', [{ path: 'a', line: 1 }])],
      ['a row without a path', withKey(event, 'rows', [{ start: 1 }])],
      ['a row with a fractional start', withKey(event, 'rows', [{ path: 'a', start: 1.5 }])],
      ['a row with a null name', withKey(event, 'rows', [{ path: 'a', name: null }])],
      ['started_at a number', withKey(event, 'started_at', 0)],
      ['started_at not a time', withKey(event, 'started_at', 'yesterday')],
      ['started_at a date with no time', withKey(event, 'started_at', '2025-01-01')],
      ['started_at on the 31st of February', withKey(event, 'started_at', '2025-02-31T00:00:00.000Z')],
      ['duration_ms negative', withKey(event, 'duration_ms', -1)],
      ['an array', [event]],
      ['null', null],
      ['a string', 'event'],
      ['__proto__ as a key', json(JSON.stringify(event).replace('{', '{"__proto__":{},'))],
    ],
  },
  {
    name: 'ModelMessage',
    guard: isModelMessage,
    schema: modelMessageSchema,
    valid: [
      message,
      without(message, 'usage', 'cost_usd'),
      { ...message, finish_reason: null, tool_calls: [], usage: { prompt: 0, completion: 0 } },
    ],
    invalid: [
      ['an unknown key', withKey(message, 'role', 'assistant')],
      ['an empty id', withKey(message, 'id', '')],
      ['turn 0', withKey(message, 'turn', 0)],
      ['turn fractional', withKey(message, 'turn', 1.5)],
      ['finish_reason missing', without(message, 'finish_reason')],
      ['content null', withKey(message, 'content', null)],
      ['a tool call with an unknown key', withKey(message, 'tool_calls', [{ id: 'a', name: 'b', x: 1 }])],
      ['a tool call without a name', withKey(message, 'tool_calls', [{ id: 'a' }])],
      ['a tool call with a numeric id', withKey(message, 'tool_calls', [{ id: 1, name: 'b' }])],
      ['usage null', withKey(message, 'usage', null)],
      ['usage without completion', withKey(message, 'usage', { prompt: 1 })],
      ['usage with an unknown key', withKey(message, 'usage', { prompt: 1, completion: 1, total: 2 })],
      ['usage negative', withKey(message, 'usage', { prompt: -1, completion: 1 })],
      ['usage fractional reasoning', withKey(message, 'usage', { prompt: 1, completion: 1, reasoning: 0.5 })],
      ['cost negative', withKey(message, 'cost_usd', -0.01)],
      ['cost a string', withKey(message, 'cost_usd', '0.01')],
    ],
  },
  {
    name: 'ModelTurns',
    guard: isModelTurns,
    schema: modelTurnsSchema,
    valid: [turns, {}],
    invalid: [
      ['a key that is not a seq', withKey(turns, 'x', { message_id: 'm', turn: 1 })],
      ['a negative seq', withKey(turns, '-1', { message_id: 'm', turn: 1 })],
      ['an entry with an unknown key', withKey(turns, '1', { message_id: 'm', turn: 1, x: 1 })],
      ['an entry without a turn', withKey(turns, '1', { message_id: 'm' })],
      ['an entry with an empty message id', withKey(turns, '1', { message_id: '', turn: 1 })],
      ['an entry with turn 0', withKey(turns, '1', { message_id: 'm', turn: 0 })],
      ['an entry null', withKey(turns, '1', null)],
      ['an array', [{ message_id: 'm', turn: 1 }]],
      ['null', null],
    ],
  },
  {
    name: 'TrajectoryResult',
    guard: isTrajectoryResult,
    schema: trajectoryResultSchema,
    valid: [
      result,
      without(result, 'task_id', 'cost_usd', 'error', 'patch'),
      {
        ...result,
        answer: 'yes',
        turn_budget: null,
        started_at: '2025-06-01T09:30:00+02:00',
        duration_ms: null,
        turns: 0,
      },
    ],
    invalid: [
      ['an unknown key', withKey(result, 'answerd', 'x')],
      ['an unknown outcome', withKey(result, 'outcome', 'done')],
      ['turn_budget 0', withKey(result, 'turn_budget', 0)],
      ['turn_budget missing', without(result, 'turn_budget')],
      ['turns negative', withKey(result, 'turns', -1)],
      ['timed_out null', withKey(result, 'timed_out', null)],
      ['an empty task id', withKey(result, 'task_id', '')],
      ['cost_usd null', withKey(result, 'cost_usd', null)],
      ['patch a number', withKey(result, 'patch', 1)],
      ['answer missing', without(result, 'answer')],
      ['started_at not a time', withKey(result, 'started_at', 'yesterday')],
    ],
  },
];

// Every container in a JSON value with the path to it (the root first).
function containers(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  return [
    path,
    ...Object.entries(value).flatMap(([key, inner]) =>
      containers(inner, [...path, Array.isArray(value) ? Number(key) : key]),
    ),
  ];
}

// A copy (through JSON, as the reader sees it) with one container changed: a member set to a value,
// a member deleted, or a key added.
function mutate(base: unknown, at: number, key: string, op: string, value: unknown): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(base));
  const paths = containers(copy);
  const path = paths[at % paths.length]!;
  let target = copy as Record<string | number, unknown>;
  for (const step of path) target = target[step] as Record<string | number, unknown>;
  const members = Object.keys(target);
  const member = Array.isArray(target)
    ? members.length === 0
      ? 0
      : at % members.length
    : (members[at % Math.max(1, members.length)] ?? key);
  if (op === 'add')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else if (op === 'delete') delete target[member];
  else target[member] = value;
  return JSON.parse(JSON.stringify(copy));
}

const hasProtoKey = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  (Object.hasOwn(value, '__proto__') || Object.values(value).some(hasProtoKey));

describe.each(CASES)('the $name guard', ({ guard, schema, valid, invalid }) => {
  test.each(valid.map((value, index) => [index, value]))(
    'accepts valid value %i as zod parses it',
    (_, value) => {
      expect(guard(value)).toBe(true);
      expect(schema.parse(value)).toStrictEqual(value);
    },
  );

  test.each(invalid)('refuses %s, as zod does', (_, value) => {
    expect(schema.safeParse(value).success).toBe(false);
    expect(guard(value)).toBe(false);
  });

  test('agrees with zod on random changes anywhere in valid values (never accepts what zod refuses)', () => {
    const change = fc.record({
      base: fc.constantFrom(...valid),
      at: fc.nat(),
      key: fc.constantFrom('extra', '__proto__', 'seq', 'path', 'turn', 'prompt', 'id', 'start', ''),
      op: fc.constantFrom('set', 'delete', 'add'),
      value: fc.oneof(
        fc.jsonValue(),
        fc.constantFrom(-1, -0, 0, 1.5, 2 ** 53, '', 'a'.repeat(64), 'answered'),
      ),
    });
    fc.assert(
      fc.property(change, ({ base, at, key, op, value }) => {
        const changed = mutate(base, at, key, op, value);
        const accepted = schema.safeParse(changed).success;
        if (guard(changed)) expect(accepted).toBe(true);
        else if (!hasProtoKey(changed)) expect(accepted).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

// The guard reads a time in `toISOString`'s own form field by field: on every such string, real
// instant or not (the 29th of February, the 31st of April, hour 24, second 60), it says what zod says.
test('a time in the ISO form: the guard accepts exactly the instants zod accepts', () => {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const shaped = fc
    .record({
      year: fc.constantFrom(0, 1, 1900, 2000, 2023, 2024, 2100, 2400, 9999),
      month: fc.integer({ min: 0, max: 19 }),
      day: fc.integer({ min: 0, max: 39 }),
      hour: fc.integer({ min: 0, max: 29 }),
      minute: fc.integer({ min: 0, max: 69 }),
      second: fc.integer({ min: 0, max: 69 }),
      ms: fc.integer({ min: 0, max: 999 }),
    })
    .map(
      (t) =>
        `${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)}T${pad(t.hour, 2)}:${pad(t.minute, 2)}:${pad(t.second, 2)}.${pad(t.ms, 3)}Z`,
    );
  const edges = [
    '2024-02-29T23:59:59.999Z',
    '2000-02-29T00:00:00.000Z',
    '2100-02-29T00:00:00.000Z',
    '2025-04-31T00:00:00.000Z',
    '2025-12-31T00:00:00.000Z',
    '2025-01-01T24:00:00.000Z',
    '2025-01-01T00:00:60.000Z',
  ];
  const agrees = (time: string) => {
    const value = { ...event, started_at: time };
    expect(isToolEvent(value), time).toBe(toolEventSchema.safeParse(value).success);
  };
  for (const time of edges) agrees(time);
  expect(edges.filter((time) => isToolEvent({ ...event, started_at: time }))).toEqual([
    '2024-02-29T23:59:59.999Z',
    '2000-02-29T00:00:00.000Z',
    '2025-12-31T00:00:00.000Z',
  ]);
  fc.assert(fc.property(shaped, agrees), { numRuns: 3000 });
});
