/**
 * A simulated agent rollout for the acceptance bench: per task a latent difficulty shared by every
 * arm (so arms pair), per rollout 0/1 outcomes and skewed counts like real runs. A candidate's
 * `quality` shifts every outcome the right way: +q on the logit of answering and of reaching the
 * gold, -q on the log-mean of the calls to the gold and on the logit of a call being needless.
 */
import type { RandomSource } from '../src/stats/index.js';

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export function normal(random: RandomSource): number {
  // Box-Muller; 1 - u keeps the log finite.
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

// Marsaglia and Tsang (2000) for shape >= 1; boosted for shape < 1.
function gamma(shape: number, random: RandomSource): number {
  if (shape < 1) return gamma(shape + 1, random) * random() ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(random);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    if (Math.log(1 - random()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

function poisson(mean: number, random: RandomSource): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

/** Negative binomial with the given mean and dispersion (Poisson over a gamma-distributed rate). */
export function negativeBinomial(mean: number, dispersion: number, random: RandomSource): number {
  return poisson(gamma(dispersion, random) * (mean / dispersion), random);
}

/** One rollout's metrics row, as `metricsRow` would give it. */
export function simulateRollout(
  difficulty: number,
  quality: number,
  random: RandomSource,
): Record<string, number | null> {
  const answered = random() < sigmoid(1.2 - 0.8 * difficulty + quality) ? 1 : 0;
  const reached = random() < sigmoid(0.3 - 1.0 * difficulty + quality) ? 1 : 0;
  const toGold = 1 + negativeBinomial(Math.exp(0.8 + 0.4 * difficulty - quality), 1.5, random);
  const total = (reached ? toGold : 0) + 1 + negativeBinomial(Math.exp(1.2 + 0.3 * difficulty), 1.5, random);
  const pNeedless = sigmoid(-1 + 0.5 * difficulty - quality);
  let needless = 0;
  for (let i = 0; i < total; i++) if (random() < pNeedless) needless++;
  return {
    answered,
    needle_reached: reached,
    tool_calls_to_first_gold: reached ? toGold : null,
    needless_call_rate: needless / total,
  };
}
