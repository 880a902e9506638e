import seedrandom from 'seedrandom';

/**
 * seedrandom's Alea with its state in plain fields, so that a hot loop can draw indices in bulk
 * without a call per number. The stream is the one `createRandom(seed)` returns, number for number
 * (the same seeding, then Baagoe's step: t = 2091639 s0 + c 2^-32).
 *
 * @example
 * const indices = new Uint32Array(5);
 * new AleaStream(0).fillIndices(indices, 10); // five of 0..9, as Math.floor(createRandom(0)() * 10) would give
 */
export class AleaStream {
  #c: number;
  #s0: number;
  #s1: number;
  #s2: number;

  constructor(seed: number | string) {
    const state = seedrandom.alea(String(seed), { state: true }).state();
    this.#c = state.c;
    this.#s0 = state.s0;
    this.#s1 = state.s1;
    this.#s2 = state.s2;
  }

  /** The next uniform number in [0, 1). */
  next(): number {
    const t = 2091639 * this.#s0 + this.#c * 2.3283064365386963e-10;
    this.#s0 = this.#s1;
    this.#s1 = this.#s2;
    this.#c = t | 0;
    this.#s2 = t - this.#c;
    return this.#s2;
  }

  /** Fills `out` with `Math.floor(next() * n)` draws, the state held in locals for the loop. */
  fillIndices(out: Uint32Array, n: number): void {
    let c = this.#c;
    let s0 = this.#s0;
    let s1 = this.#s1;
    let s2 = this.#s2;
    for (let i = 0; i < out.length; i++) {
      const t = 2091639 * s0 + c * 2.3283064365386963e-10;
      s0 = s1;
      s1 = s2;
      c = t | 0;
      s2 = t - c;
      out[i] = Math.floor(s2 * n);
    }
    this.#c = c;
    this.#s0 = s0;
    this.#s1 = s1;
    this.#s2 = s2;
  }
}
