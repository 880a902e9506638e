/** Every answer of the offline policy starts with this label: it is not a model. */
export const OFFLINE_LABEL = '[offline policy: a deterministic stand-in for a model, not a model]';

/**
 * The label an answer carries: `OFFLINE_LABEL`, or, when the request asked the stand-in to sample,
 * one naming its temperature and seed (it is then seeded, not deterministic).
 *
 * @example
 * samplingLabel(0.7, 3); // '[offline policy: a seeded, sampling stand-in for a model (temperature 0.7, seed 3), not a model]'
 */
export function samplingLabel(temperature: number | undefined, seed: number | undefined): string {
  if (!((temperature ?? 0) > 0)) return OFFLINE_LABEL;
  return `[offline policy: a seeded, sampling stand-in for a model (temperature ${temperature}, seed ${seed ?? 0}), not a model]`;
}
