import { invalidOption } from '../core/index.js';
import { normalQuantile } from './normal.js';

/** `one`: a test one-sided in the row's direction; `two`: a two-sided test. */
export type Sided = 'one' | 'two';

/** What every power function is asked: the level, the power wanted, and the test's sides. */
export interface PowerOptions {
  /** The test's level: the report's alpha, or the Holm-corrected level a confirmation meets. */
  alpha: number;
  /** The chance of a significant result at the effect returned (default 0.8); at least 0.5. */
  power?: number;
  /**
   * `two` (default): two-sided, alpha split between the tails. The paired report's p and the
   * optimizer's acceptance are one-sided in the row's direction: pass `one` for those.
   */
  sided?: Sided;
}

/** z_{1 - alpha/s} (s = 2 two-sided, 1 one-sided) and z_power, the options validated by name. */
export function criticalValues(options: PowerOptions): { zAlpha: number; zPower: number } {
  const { alpha } = options;
  const power = options.power ?? 0.8;
  const sided = options.sided ?? 'two';
  if (typeof alpha !== 'number' || !(alpha > 0 && alpha < 1)) {
    throw invalidOption('alpha', 'a number between 0 and 1', alpha);
  }
  // Below one half z_power is negative and the formulas' roots change branch: not a plan anyone runs.
  if (typeof power !== 'number' || !(power >= 0.5 && power < 1)) {
    throw invalidOption('power', 'a number from 0.5 up to (not including) 1', power);
  }
  if (sided !== 'one' && sided !== 'two') throw invalidOption('sided', "one of 'one', 'two'", sided);
  // Tail probabilities are passed as themselves, so a small alpha keeps all its digits.
  return {
    zAlpha: -normalQuantile(sided === 'two' ? alpha / 2 : alpha),
    zPower: -normalQuantile(1 - power),
  };
}

/** `n` paired units: a non-negative integer. */
export function checkUnits(option: string, n: unknown): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
    throw invalidOption(option, 'a non-negative integer', n);
  }
  return n;
}

/** A finite number at least `min` (or above it when `strict`), else the option named. */
export function checkNumber(option: string, value: unknown, min: number, strict: boolean): number {
  const ok = typeof value === 'number' && Number.isFinite(value) && (strict ? value > min : value >= min);
  if (!ok) throw invalidOption(option, `a finite number ${strict ? 'above' : 'at least'} ${min}`, value);
  return value;
}

/** A share: a number from 0 to 1. */
export function checkShare(option: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw invalidOption(option, 'a number from 0 to 1', value);
  }
  return value;
}
