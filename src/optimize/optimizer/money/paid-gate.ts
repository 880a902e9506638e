import { AgentTrackError } from '../../../core/index.js';
import type { planCheck } from './plan-check.js';

type PlanCheck = ReturnType<typeof planCheck>;

/**
 * Whether a paid campaign may start, after its plan is printed: refused (`CAMPAIGN_REFUSED`, with
 * `--confirm-spend`; without it the reason is said and nothing runs) when an overlay names
 * `endpoint: offline` (a dry run's stand-in embedder or reranker) or the budget does not cover the
 * least the campaign needs; without `--confirm-spend` it never runs. Returns whether to run.
 *
 * @example
 * if (!paidGate(check, { texts: [head.text], confirmSpend: true, ceiling: 10, log })) return null;
 */
export function paidGate(
  check: PlanCheck,
  options: { texts: readonly string[]; confirmSpend: boolean; ceiling: number; log: (line: string) => void },
): boolean {
  const { log } = options;
  const offline = options.texts.filter((t) => t.includes('"endpoint":"offline"'));
  if (offline.length > 0) {
    const why = `${offline.length} overlay(s) name \`endpoint: offline\` (a dry run's stand-in embedder or reranker): name your endpoints' URLs in the campaign's overlays`;
    log(`${why}; a paid run is refused.`);
    if (!options.confirmSpend) return false;
    throw new AgentTrackError(
      'CAMPAIGN_REFUSED',
      `A paid run of this campaign is refused before anything runs: ${why}`,
      {
        data: { offline: offline.length },
      },
    );
  }
  if (!check.ok && !options.confirmSpend) {
    log('The budget does not cover the least this campaign needs: --confirm-spend would be refused.');
    return false;
  }
  if (!check.ok) {
    log('The budget does not cover the least this campaign needs; stopping.');
    throw new AgentTrackError(
      'CAMPAIGN_REFUSED',
      `A paid run of this campaign is refused before anything runs (ceiling $${options.ceiling.toFixed(2)}): ${check.refusals.join('; ')}`,
      { data: { max_usd: options.ceiling, refusals: check.refusals } },
    );
  }
  if (!options.confirmSpend) {
    log('Nothing ran: pass --dry-run to walk it offline, or --confirm-spend to pay for it.');
    return false;
  }
  return true;
}
