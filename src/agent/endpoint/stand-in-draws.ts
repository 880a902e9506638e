import { createHash } from 'node:crypto';
import { createRandom, type RandomSource } from '../../stats/index.js';
import type { PolicyRequest } from './policy.js';

/**
 * The offline stand-in's sampling: at `temperature` 0 (or unset) every choice is its first
 * option, as before; above 0 a choice is drawn from a source seeded by the request's `seed` and
 * the conversation so far, so the same seed replays the same run and another seed (a campaign's
 * next repeat) draws another. Three choices are drawn, each documented where it is used:
 * which words of the question a search keeps, which of the named files is read next (rank i
 * weighted `exp(-i / T)`), and whether a pointer is followed or skipped.
 */
export interface Draws {
  /** The words a search keeps: each dropped with probability `min(0.5, T / 4)`, at least one kept. */
  keep(words: readonly string[]): string[];
  /** The options reordered by a draw without replacement, rank i weighted `exp(-i / T)`. */
  order<T>(options: readonly T[]): T[];
  /** True with probability `p` (already scaled by the caller). */
  chance(p: number): boolean;
  readonly temperature: number;
}

const FIRST: Draws = {
  keep: (words) => [...words],
  order: (options) => [...options],
  chance: () => false,
  temperature: 0,
};

function conversationKey(request: PolicyRequest): string {
  const hash = createHash('sha256');
  for (const message of request.messages) {
    hash.update(`${message.role}\n${message.content}\n`);
    if (message.role === 'assistant')
      for (const call of message.tool_calls ?? [])
        hash.update(`${call.name}${JSON.stringify(call.arguments)}\n`);
  }
  return hash.digest('hex').slice(0, 32);
}

function weightedOrder<T>(options: readonly T[], temperature: number, random: RandomSource): T[] {
  const left = options.map((option, rank) => ({ option, rank, weight: 0 }));
  const out: T[] = [];
  while (left.length > 0) {
    // Weights relative to the best rank left, so the best always weighs 1 (no underflow at small T).
    for (const item of left) item.weight = Math.exp(-(item.rank - left[0]!.rank) / temperature);
    const total = left.reduce((sum, item) => sum + item.weight, 0);
    let point = random() * total;
    let index = 0;
    while (index < left.length - 1 && point >= left[index]!.weight) point -= left[index++]!.weight;
    out.push(left.splice(index, 1)[0]!.option);
  }
  return out;
}

/**
 * The draws for one request: deterministic (`FIRST`) at temperature 0, else seeded by `salt` (a
 * campaign gives each arm its own, so identical arms still draw independently, as a sampling
 * model's would), `seed` (0 when unset) and the conversation's content.
 *
 * @example
 * drawsFor({ ...request, temperature: 0.7, seed: 3 }).order(['a.py', 'b.py', 'c.py']); // the same order for the same request
 */
export function drawsFor(request: PolicyRequest, salt = ''): Draws {
  const temperature = request.temperature ?? 0;
  if (!(temperature > 0)) return FIRST;
  const random = createRandom(`${salt}:${request.seed ?? 0}:${conversationKey(request)}`);
  return {
    temperature,
    keep(words) {
      const drop = Math.min(0.5, temperature / 4);
      const kept = words.filter(() => random() >= drop);
      return kept.length > 0 || words.length === 0 ? kept : [words[Math.floor(random() * words.length)]!];
    },
    order: (options) => weightedOrder(options, temperature, random),
    chance: (p) => random() < p,
  };
}
