import { invalidOption } from '../core/errors.js';

/** The agent graph variants (`agent/loop/architecture.ts`), repeated here so parsing flags loads no agent code. */
export const ARCHITECTURES = ['react', 'rewrite'] as const;

/** A flag that must be a positive integer (`--concurrency 8`), refused by name otherwise. */
export function positiveInteger(option: string, text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw invalidOption(option, 'a positive integer', text);
  }
  return value;
}

/** A flag that must be a positive number (`--timeout-seconds 1.5`), refused by name otherwise. */
export function positiveNumber(option: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) {
    throw invalidOption(option, 'a positive number', text);
  }
  return value;
}

/** A flag that must be one of a fixed list, refused by name otherwise. */
export function oneOf<T extends string>(option: string, text: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(text)) {
    throw invalidOption(option, `one of ${allowed.map((a) => `\`${a}\``).join(', ')}`, text);
  }
  return text as T;
}
