import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallKind, CostEstimate } from './estimate.js';

/** Two estimates added: calls summed, dollars summed (`null` when either is unknown), unpriced kinds joined. */
export function addEstimates(a: CostEstimate, b: CostEstimate): CostEstimate {
  const calls = { ...a.calls };
  for (const [kind, count] of Object.entries(b.calls) as [CallKind, number][])
    calls[kind] = (calls[kind] ?? 0) + count;
  return {
    calls,
    usd: a.usd === null || b.usd === null ? null : a.usd + b.usd,
    unpriced: [...new Set([...a.unpriced, ...b.unpriced])],
  };
}

function isEstimate(value: unknown): value is CostEstimate {
  const v = value as Partial<CostEstimate> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.calls === 'object' &&
    v.calls !== null &&
    (v.usd === null || typeof v.usd === 'number') &&
    Array.isArray(v.unpriced)
  );
}

/**
 * What the whole campaign would cost a real run: this run's estimate added to what the earlier
 * runs of the campaign in `dir` counted (their `result.json`'s `campaign_estimate`, else its
 * `estimate`). A first run, or a directory without a readable result, is this run's alone.
 *
 * @example
 * campaignEstimate('runs/opt', thisRun).calls.rollout; // 148 after a resume that ran none
 */
export function campaignEstimate(dir: string, thisRun: CostEstimate): CostEstimate {
  const file = join(dir, 'result.json');
  if (!existsSync(file)) return thisRun;
  try {
    const earlier = JSON.parse(readFileSync(file, 'utf8')) as {
      campaign_estimate?: unknown;
      estimate?: unknown;
    };
    const prior = earlier.campaign_estimate ?? earlier.estimate;
    return isEstimate(prior) ? addEstimates(prior, thisRun) : thisRun;
  } catch {
    return thisRun;
  }
}
