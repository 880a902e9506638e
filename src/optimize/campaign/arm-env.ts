import { PROBED_ENV, TOKEN_CAP_ENV } from '../../agent/index.js';
import { CONFIRMED_SPEND_ENV } from '../../core/index.js';
import type { Plan } from '../before-after/plan-schema.js';

/**
 * The environment an arm's harness child runs a rollout with: the campaign's variables, the spend
 * confirmed (the campaign passed its own gate before it starts a child), and the rollout's booking
 * as its token cap (`<input>:<output>` tokens, what the plan priced it at), and, when the campaign
 * probed the arm's product already, `AGENT_TRACK_PROBED=1` (its harness does not probe it again).
 *
 * @example
 * armEnv(plan, 'baseline', { FOO: '1' }); // { FOO: '1', AGENT_TRACK_CONFIRM_SPEND: '1', AGENT_TRACK_TOKEN_CAP: '61980:6000' }
 */
export function armEnv(
  plan: Plan,
  arm: string,
  env: Record<string, string | undefined> | undefined,
  probed = false,
): Record<string, string | undefined> {
  const confirmed = { ...env, [CONFIRMED_SPEND_ENV]: '1', ...(probed ? { [PROBED_ENV]: '1' } : {}) };
  const planned = plan.arms.find((candidate) => candidate.arm === arm);
  if (planned === undefined) return confirmed;
  return {
    ...confirmed,
    [TOKEN_CAP_ENV]: `${planned.input_tokens_per_rollout}:${planned.output_tokens_per_rollout}`,
  };
}
