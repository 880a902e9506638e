import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import seedrandom from 'seedrandom';

/** Domain words the generated code is made of, so queries hit a realistic spread of pieces. */
export const VOCABULARY = (
  'account order invoice payment refund cart price discount tax ledger balance customer session token cache ' +
  'queue worker retry backoff schedule cron report export import parser lexer config loader store index ' +
  'search rank score vector cluster shard replica snapshot compact merge diff patch render template route ' +
  'handler request response header cookie auth permission role user group audit event stream buffer ' +
  'socket client server proxy limit bucket window metric counter gauge histogram trace span log level'
).split(' ');

const LANGS = ['py', 'ts', 'go', 'md'] as const;
const SYLLABLES = 'ka lo mi ren tar vel dun pra sho ith gal bor fen cu zam nir oph tes wal quo'.split(' ');

/**
 * A Zipf-like word list: the domain words first (the most frequent), then `size` made-up words of
 * two or three syllables, each drawn with probability proportional to 1 / rank, the way identifier
 * frequencies fall off in real code.
 */
export function zipfWords(
  size: number,
  seed = 'words',
): { words: string[]; draw: (rng: () => number) => string } {
  const rng = seedrandom(seed);
  const words = [...VOCABULARY];
  while (words.length < size) {
    const parts = 2 + Math.floor(rng() * 2);
    const word = Array.from({ length: parts }, () => SYLLABLES[Math.floor(rng() * SYLLABLES.length)]!).join(
      '',
    );
    if (!words.includes(word)) words.push(word);
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= words.length; rank += 1) {
    total += 1 / rank;
    cumulative.push(total);
  }
  const draw = (r: () => number): string => {
    const target = r() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return words[low]!;
  };
  return { words, draw };
}

let activeDraw: ((rng: () => number) => string) | null = null;

function pick<T>(rng: () => number, items: readonly T[]): T {
  if (activeDraw !== null && items === (VOCABULARY as readonly unknown[])) return activeDraw(rng) as T;
  return items[Math.floor(rng() * items.length)]!;
}

function camel(words: string[]): string {
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

function body(rng: () => number, indent: string, lines: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines; i += 1) {
    const a = pick(rng, VOCABULARY);
    const b = pick(rng, VOCABULARY);
    out.push(`${indent}${a}_${b} = compute_${pick(rng, VOCABULARY)}(${a}, ${b}, ${Math.floor(rng() * 100)})`);
  }
  return out;
}

function pythonFile(rng: () => number): string {
  const out = [`"""The ${pick(rng, VOCABULARY)} ${pick(rng, VOCABULARY)} module."""`, '', 'import os', ''];
  for (let c = 0; c < 2; c += 1) {
    const cls = pick(rng, VOCABULARY);
    out.push(
      `class ${cls[0]!.toUpperCase()}${cls.slice(1)}${pick(rng, VOCABULARY)}:`,
      `    """Handles ${cls} ${pick(rng, VOCABULARY)}."""`,
      '',
    );
    for (let m = 0; m < 3; m += 1) {
      out.push(
        `    def ${pick(rng, VOCABULARY)}_${pick(rng, VOCABULARY)}(self, ${pick(rng, VOCABULARY)}):`,
        ...body(rng, '        ', 6),
        '',
      );
    }
  }
  for (let f = 0; f < 3; f += 1)
    out.push(`def ${pick(rng, VOCABULARY)}_${pick(rng, VOCABULARY)}(value):`, ...body(rng, '    ', 8), '');
  return out.join('\n');
}

function tsFile(rng: () => number): string {
  const out = [
    `import { ${camel([pick(rng, VOCABULARY), pick(rng, VOCABULARY)])} } from './${pick(rng, VOCABULARY)}.js';`,
    '',
  ];
  for (let f = 0; f < 4; f += 1) {
    const name = camel([pick(rng, VOCABULARY), pick(rng, VOCABULARY), pick(rng, VOCABULARY)]);
    out.push(
      `/** Computes the ${pick(rng, VOCABULARY)} of a ${pick(rng, VOCABULARY)}. */`,
      `export function ${name}(input: number): number {`,
    );
    out.push(...body(rng, '  const ', 7).map((line) => `${line};`), '  return input;', '}', '');
  }
  const cls = camel([pick(rng, VOCABULARY), pick(rng, VOCABULARY)]);
  out.push(`export class ${cls[0]!.toUpperCase()}${cls.slice(1)} {`);
  for (let m = 0; m < 3; m += 1)
    out.push(
      `  ${camel([pick(rng, VOCABULARY), pick(rng, VOCABULARY)])}(x: number): number {`,
      '    return x + 1;',
      '  }',
      '',
    );
  out.push('}');
  return out.join('\n');
}

function goFile(rng: () => number, pkg: string): string {
  const out = [`package ${pkg}`, '', 'import "fmt"', ''];
  const type = pick(rng, VOCABULARY);
  const typeName = `${type[0]!.toUpperCase()}${type.slice(1)}`;
  out.push(
    `// ${typeName} holds the ${pick(rng, VOCABULARY)} state.`,
    `type ${typeName} struct {`,
    '\tcount int',
    '}',
    '',
  );
  for (let f = 0; f < 4; f += 1) {
    const name = pick(rng, VOCABULARY);
    out.push(
      `// ${name} updates the ${pick(rng, VOCABULARY)}.`,
      `func (t *${typeName}) ${name[0]!.toUpperCase()}${name.slice(1)}${f}(v int) int {`,
    );
    out.push(
      ...body(rng, '\t', 6).map((line) => line.replace(' = ', ' := ')),
      '\tfmt.Println(v)',
      '\treturn v',
      '}',
      '',
    );
  }
  return out.join('\n');
}

function markdownFile(rng: () => number): string {
  const out = [`# The ${pick(rng, VOCABULARY)} guide`, ''];
  for (let s = 0; s < 4; s += 1) {
    out.push(`## ${pick(rng, VOCABULARY)} and ${pick(rng, VOCABULARY)}`, '');
    for (let p = 0; p < 4; p += 1)
      out.push(Array.from({ length: 14 }, () => pick(rng, VOCABULARY)).join(' '));
    out.push('');
  }
  return out.join('\n');
}

/**
 * Writes `count` generated source files (Python, TypeScript, Go, Markdown) under `root`, seeded
 * so every run measures the same corpus. Words come from a Zipf-like list of `vocabulary` words;
 * with `vocabulary` 0 they come uniformly from the 100 domain words only (a dense worst case:
 * every word is in about a fifth of all pieces).
 */
export function generateCorpus(
  root: string,
  count: number,
  options: { vocabulary?: number; seed?: string } = {},
): void {
  const rng = seedrandom(options.seed ?? 'bench');
  const vocabulary = options.vocabulary ?? 5000;
  activeDraw = vocabulary > 0 ? zipfWords(vocabulary).draw : null;
  for (let i = 0; i < count; i += 1) {
    const lang = LANGS[i % LANGS.length]!;
    const pkg = `${pick(rng, VOCABULARY)}${i % 50}`;
    const path = join(root, `pkg${i % 50}`, `sub${i % 7}`, `${pick(rng, VOCABULARY)}_${i}.${lang}`);
    mkdirSync(dirname(path), { recursive: true });
    const text =
      lang === 'py'
        ? pythonFile(rng)
        : lang === 'ts'
          ? tsFile(rng)
          : lang === 'go'
            ? goFile(rng, pkg)
            : markdownFile(rng);
    writeFileSync(path, `${text}\n`);
  }
  activeDraw = null;
}
