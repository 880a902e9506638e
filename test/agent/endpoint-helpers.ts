import type { Policy } from '../../src/agent/endpoint/policy.js';
import { createScriptPolicy, parseScript } from '../../src/agent/endpoint/script-policy.js';
import { type RunningEndpoint, startEndpoint } from '../../src/agent/endpoint/start-endpoint.js';
import type { LlmBlock } from '../../src/agent/llm/block-schema.js';
import type { ChatProvider } from '../../src/agent/llm/providers/chat-provider.js';
import { createProvider } from '../../src/agent/llm/providers/create-provider.js';
import type { ProviderOptions } from '../../src/agent/llm/providers/provider-options.js';
import type { RetryEvent } from '../../src/agent/llm/providers/with-retries.js';

/** A recognisable fake key: no message, file or log line may ever contain it. */
export const FAKE_KEY = 'sk-FAKE-agent-track-7c1e9b44-MUST-NEVER-APPEAR';
export const KEY_ENV = 'AGENT_TRACK_TEST_KEY';

export const PROVIDERS = ['openai', 'anthropic'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** A script policy from inline turns. */
export function scripted(turns: unknown[]): Policy {
  return createScriptPolicy(parseScript({ turns }, 'inline'), 'inline');
}

/** The block for a provider pointed at a running endpoint. */
export function blockFor(
  provider: ProviderName,
  endpoint: RunningEndpoint,
  extra: Partial<LlmBlock> = {},
): LlmBlock {
  return provider === 'openai'
    ? { provider, base_url: endpoint.openaiBaseUrl, auth: { env: KEY_ENV }, max_retries: 2, ...extra }
    : {
        provider,
        base_url: endpoint.anthropicBaseUrl,
        auth: { env: KEY_ENV },
        max_retries: 2,
        ...extra,
        params: { max_tokens: 256, ...extra.params },
      };
}

export interface Harness {
  endpoint: RunningEndpoint;
  provider: ChatProvider;
  retries: RetryEvent[];
  completions: () => number;
}

/** Starts an endpoint for the policy and a provider against it; retries wait 1 ms. */
export async function connect(
  provider: ProviderName,
  policy: Policy,
  extra: Partial<LlmBlock> = {},
  options: ProviderOptions = {},
): Promise<Harness> {
  const endpoint = await startEndpoint({ policy });
  const retries: RetryEvent[] = [];
  const chat = createProvider(blockFor(provider, endpoint, extra), {
    env: { [KEY_ENV]: FAKE_KEY },
    backoff: () => 1,
    onRetry: (event) => retries.push(event),
    ...options,
  });
  return {
    endpoint,
    provider: chat,
    retries,
    completions: () => endpoint.requests.filter((r) => r.index !== null).length,
  };
}
