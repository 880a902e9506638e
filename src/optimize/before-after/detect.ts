/** A change to detect: an absolute amount, or a share of the baseline's mean (`relative`). */
export interface Effect {
  value: number;
  relative: boolean;
}

/** What `--detect` asked for: one effect for every row, and effects for named rows. */
export interface DetectSpec {
  all: Effect | null;
  byKey: Record<string, Effect>;
}

/** The effect a row is planned for: its own, else the one for every row, else none. */
export function effectFor(spec: DetectSpec | null, key: string): Effect | null {
  return spec?.byKey[key] ?? spec?.all ?? null;
}

/** An effect as the plan states it: `0.2`, `+10%`. */
export function effectText(effect: Effect): string {
  return effect.relative
    ? `${Number((effect.value * 100).toPrecision(6))}% of the baseline mean`
    : String(effect.value);
}
