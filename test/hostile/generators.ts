// Seeded generators of hostile input for the bad-input fuzz: values for flags, mutations of
// config objects, and lines of transcripts. Deterministic for a seed, so a failure reproduces.
import type { RandomSource } from '../../src/stats/index.js';

export const pick = <T>(random: RandomSource, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

/** Flag values a user or a script can type by mistake, and worse. */
export const BAD_FLAG_VALUES = [
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '1e400',
  '1e12',
  '0x10',
  'abc',
  '--',
  '9'.repeat(400),
  '\u0000',
  '\u001b[31m',
  '../../etc/passwd',
  '/dev/null',
] as const;

/** Values a mutated config key may take. */
const BAD_VALUES: readonly unknown[] = [
  null,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  '',
  'x',
  '9'.repeat(300),
  [],
  [1, 'a'],
  {},
  { unknown: 1 },
  true,
  '\u0000',
  { __proto__: { polluted: 1 } },
];

function paths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const own = Object.keys(value).flatMap((key) =>
    paths((value as Record<string, unknown>)[key], [...prefix, key]),
  );
  return [prefix, ...own];
}

/**
 * A deep copy of `value` with one random change: a key set to a bad value, deleted, or an unknown
 * key added beside it.
 */
export function mutate(value: unknown, random: RandomSource): { value: unknown; change: string } {
  const copy = structuredClone(value) as Record<string, unknown>;
  const path = pick(random, paths(copy));
  const parent = path
    .slice(0, -1)
    .reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, copy);
  const key = path.at(-1);
  const roll = random();
  if (key === undefined || roll < 0.15) {
    const target = key === undefined ? copy : (parent[key] as Record<string, unknown>);
    if (typeof target === 'object' && target !== null && !Array.isArray(target)) {
      target[`unknwon_${Math.floor(random() * 100)}`] = 1;
      return { value: copy, change: `an unknown key under \`${path.join('.') || '(root)'}\`` };
    }
  }
  if (key !== undefined && roll < 0.3) {
    delete parent[key];
    return { value: copy, change: `\`${path.join('.')}\` deleted` };
  }
  const bad = pick(random, BAD_VALUES);
  if (key === undefined) return { value: bad, change: 'the whole value replaced' };
  parent[key] = structuredClone(bad);
  return { value: copy, change: `\`${path.join('.')}\` = ${JSON.stringify(bad)}` };
}

/** One line of a would-be transcript: broken JSON, binary, deep nesting, wrong shapes. */
export function badLine(random: RandomSource): string {
  const depth = 1 + Math.floor(random() * 3000);
  const choices = [
    () => '{"type":"assistant","message":',
    () => '\u0000\u0001\u00ff garbage \u001b[2J',
    () => `${'['.repeat(depth)}${']'.repeat(depth)}`,
    () => `{"role":"user","content":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    () =>
      JSON.stringify({ type: 'assistant', message: { content: [{ type: 'tool_use', id: 1, name: null }] } }),
    () => JSON.stringify({ type: 'user', message: { content: [{ type: 'tool_result', content: 42 }] } }),
    () =>
      JSON.stringify({
        role: 'assistant',
        tool_calls: [{ id: 'c', function: { name: 'f', arguments: '{' } }],
      }),
    () => JSON.stringify({ role: 'tool', tool_call_id: 7, content: { nested: true } }),
    () => JSON.stringify({ type: 'result', usage: { input_tokens: -5 }, num_turns: 'many' }),
    () =>
      JSON.stringify({
        type: pick(random, ['system', 'assistant', 'user', 'result', 'x']),
        session_id: pick(random, ['s', '', 7]),
      }),
    () => '"just a string"',
    () => 'x'.repeat(Math.floor(random() * 100_000)),
  ];
  return pick(random, choices)();
}
