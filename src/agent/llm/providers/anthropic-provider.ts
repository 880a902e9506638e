import type Anthropic from '@anthropic-ai/sdk';
import type { LlmBlock } from '../block-schema.js';
import { anthropicRequestBody, fromAnthropicMessage } from './anthropic-wire.js';
import type { ChatProvider } from './chat-provider.js';
import { type ProviderOptions, resolveConnection } from './provider-options.js';
import { withRetries } from './with-retries.js';

/**
 * A provider for Anthropic's messages API through `@anthropic-ai/sdk`. The SDK's own retries are
 * off: ours apply. The key is passed explicitly, so ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN are
 * never read behind the block's back.
 *
 * @example
 * const provider = createAnthropicProvider({ provider: 'anthropic', base_url: 'https://api.anthropic.com', auth: { env: 'ANTHROPIC_API_KEY' }, params: { max_tokens: 4096 } });
 */
export function createAnthropicProvider(block: LlmBlock, options: ProviderOptions = {}): ChatProvider {
  const connection = resolveConnection(block, options);
  // The SDK is loaded by the first request, not by every process that builds a provider.
  let client: Promise<Anthropic> | undefined;
  const sdk = () =>
    (client ??= import('@anthropic-ai/sdk').then(
      ({ default: AnthropicSDK }) =>
        new AnthropicSDK({
          apiKey: connection.apiKey,
          baseURL: connection.baseUrl,
          timeout: connection.timeoutMs,
          maxRetries: 0,
          logLevel: 'off',
        }),
    ));
  return {
    name: 'anthropic',
    async complete(request) {
      const body = anthropicRequestBody(block, request);
      const api = await sdk();
      const message = await withRetries(() => api.messages.create(body), connection.retry, {
        provider: 'anthropic',
        baseUrl: connection.baseUrl,
        secret: connection.secret,
      });
      return fromAnthropicMessage(message);
    },
  };
}
