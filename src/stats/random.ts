import seedrandom from 'seedrandom';

/** A source of uniform numbers in [0, 1): injected wherever randomness is used, so runs repeat. */
export type RandomSource = () => number;

/**
 * A seeded generator (seedrandom's Alea: fast, and the same stream on every platform).
 *
 * @example
 * const random = createRandom(0);
 * random(); // the same first number on every run
 */
export function createRandom(seed: number | string): RandomSource {
  const generator = seedrandom.alea(String(seed));
  return () => generator();
}

/** Fisher-Yates shuffle of a copy, driven by the given source. */
export function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
