import { AgentTrackError } from '../../core/index.js';
import { createOfflinePolicy } from '../endpoint/offline-policy.js';
import { type RunningEndpoint, startEndpoint } from '../endpoint/start-endpoint.js';
import { credentialInUrl, type LlmBlock } from '../llm/block-schema.js';
import { blockHash } from '../llm/canonical-block.js';
import type { ChatProvider } from '../llm/providers/chat-provider.js';
import { createProvider } from '../llm/providers/create-provider.js';
import type { ProviderOptions } from '../llm/providers/provider-options.js';

/** The model name that needs no key and no block: the offline policy, a stand-in for a model. */
export const OFFLINE_MODEL = 'offline';

export interface OpenModelOptions {
  /** `--model`; `offline` runs the offline policy. */
  model: string;
  /** The LLM block; required unless the model is `offline`. */
  block?: LlmBlock;
  /** Replaces the block's `base_url` (for `offline` without a block: the endpoint to use instead of starting one). */
  endpointUrl?: string;
  /** Offline policy only: tool calls before it answers (default 3) and an injected latency. */
  offline?: { maxCalls?: number; delayMs?: number };
  provider?: ProviderOptions;
}

/** A provider ready for rollouts, and the offline endpoint it started, if any. */
export interface OpenedModel {
  provider: ChatProvider;
  model: string;
  block: LlmBlock;
  /** sha256 of the block as sent (the canonical JSON). */
  blockHash: string;
  /** Thinking is on: an empty reply cut at the token limit is then `starved_reply`. */
  thinking: boolean;
  /** True when the answers come from the offline policy (label every output). */
  offline: boolean;
  endpoint: RunningEndpoint | null;
  close(): Promise<void>;
}

/**
 * Opens the model a run talks to. `--model offline` with no block starts the offline endpoint
 * in-process on 127.0.0.1 (or uses `endpointUrl`) behind an OpenAI-format block with no key; any
 * other model needs a block. `endpointUrl` replaces the block's `base_url`.
 *
 * @example
 * const model = await openModel({ model: 'offline' });
 * await runTask(task, { provider: model.provider, model: model.model, ... });
 * await model.close();
 */
export async function openModel(options: OpenModelOptions): Promise<OpenedModel> {
  const offline = options.model === OFFLINE_MODEL;
  if (options.endpointUrl !== undefined && credentialInUrl(options.endpointUrl))
    throw new AgentTrackError(
      'INVALID_OPTION',
      '`--endpoint-url` carries a credential (user:password@, or a key-like query parameter): name the key by environment variable in the block (`auth.env`); the URL is not shown',
      { data: { option: '--endpoint-url' } },
    );
  let endpoint: RunningEndpoint | null = null;
  let block: LlmBlock;
  if (options.block !== undefined) {
    block =
      options.endpointUrl === undefined ? options.block : { ...options.block, base_url: options.endpointUrl };
  } else if (offline) {
    if (options.endpointUrl === undefined) {
      endpoint = await startEndpoint({ policy: createOfflinePolicy(options.offline ?? {}) });
    }
    block = { provider: 'openai', base_url: options.endpointUrl ?? endpoint!.openaiBaseUrl, max_retries: 0 };
  } else {
    throw new AgentTrackError(
      'LLM_BLOCK_REQUIRED',
      `The model \`${options.model}\` needs an LLM block (\`--llm-block FILE\`); only \`--model offline\` runs without one`,
      { data: { model: options.model } },
    );
  }
  let provider: ChatProvider;
  try {
    provider = createProvider(block, options.provider);
  } catch (error) {
    await endpoint?.close();
    throw error;
  }
  return {
    provider,
    model: options.model,
    block,
    blockHash: blockHash(block),
    thinking: block.params?.thinking?.enabled === true,
    offline,
    endpoint,
    close: async () => {
      await endpoint?.close();
    },
  };
}
