import { AgentTrackError, describeReceived } from '../../core/index.js';
import { createOfflinePolicy } from './offline-policy.js';
import type { Policy } from './policy.js';
import { createScriptPolicy, loadScript } from './script-policy.js';

/**
 * A policy from its CLI spelling: `offline` or `script:FILE` (a Policy object passes through).
 *
 * @example
 * resolvePolicy('script:fixtures/scripts/429-then-answer.yaml');
 */
export function resolvePolicy(policy: string | Policy): Policy {
  if (typeof policy !== 'string') return policy;
  if (policy === 'offline') return createOfflinePolicy();
  if (policy.startsWith('script:') && policy.length > 'script:'.length) {
    const file = policy.slice('script:'.length);
    return createScriptPolicy(loadScript(file), file);
  }
  throw new AgentTrackError(
    'INVALID_OPTION',
    `Expected the \`policy\` option to be \`offline\` or \`script:FILE\`, got ${describeReceived(policy)}`,
    { data: { option: 'policy', received: policy } },
  );
}
