/** A metric value: `null` (or `undefined`) means undefined, never zero. */
export type MaybeNumber = number | null | undefined;

/** The defined values, in order: nulls and undefineds dropped, everything else kept. */
export function definedValues(values: Iterable<MaybeNumber>): number[] {
  const out: number[] = [];
  for (const value of values) if (value !== null && value !== undefined) out.push(value);
  return out;
}

/** Arithmetic mean, or `null` for no values. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}
