import type OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
} from 'openai/resources/chat/completions';
import type { LlmBlock } from '../block-schema.js';
import type { ChatProvider } from './chat-provider.js';
import { fromOpenAICompletion, openAIRequestBody } from './openai-wire.js';
import { type ProviderOptions, resolveConnection } from './provider-options.js';
import { withRetries } from './with-retries.js';

/**
 * A provider for any OpenAI-format endpoint (OpenAI, OpenRouter, vLLM, llama.cpp, Ollama, the
 * offline endpoint) through the `openai` package. The SDK's own retries are off: ours apply.
 *
 * @example
 * const provider = createOpenAIProvider({ provider: 'openai', base_url: 'https://openrouter.ai/api/v1', auth: { env: 'OPENROUTER_API_KEY' } });
 */
export function createOpenAIProvider(block: LlmBlock, options: ProviderOptions = {}): ChatProvider {
  const connection = resolveConnection(block, options);
  // The SDK is loaded by the first request, not by every process that builds a provider.
  let client: Promise<OpenAI> | undefined;
  const sdk = () =>
    (client ??= import('openai').then(
      ({ default: OpenAISDK }) =>
        new OpenAISDK({
          apiKey: connection.apiKey,
          baseURL: connection.baseUrl,
          // Explicit nulls keep OPENAI_ORG_ID / OPENAI_PROJECT_ID / OPENAI_LOG from changing the request.
          organization: null,
          project: null,
          timeout: connection.timeoutMs,
          maxRetries: 0,
          logLevel: 'off',
        }),
    ));
  return {
    name: 'openai',
    async complete(request) {
      const body = openAIRequestBody(block, request) as unknown as ChatCompletionCreateParamsNonStreaming;
      const api = await sdk();
      const completion: ChatCompletion = await withRetries(
        () => api.chat.completions.create(body),
        connection.retry,
        { provider: 'openai', baseUrl: connection.baseUrl, secret: connection.secret },
      );
      return fromOpenAICompletion(completion);
    },
  };
}
