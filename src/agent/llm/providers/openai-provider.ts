import OpenAI from 'openai';
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
  // Explicit nulls keep OPENAI_ORG_ID / OPENAI_PROJECT_ID / OPENAI_LOG from changing the request.
  const client = new OpenAI({
    apiKey: connection.apiKey,
    baseURL: connection.baseUrl,
    organization: null,
    project: null,
    timeout: connection.timeoutMs,
    maxRetries: 0,
    logLevel: 'off',
  });
  return {
    name: 'openai',
    async complete(request) {
      const body = openAIRequestBody(block, request) as unknown as ChatCompletionCreateParamsNonStreaming;
      const completion: ChatCompletion = await withRetries(
        () => client.chat.completions.create(body),
        connection.retry,
        { provider: 'openai', baseUrl: connection.baseUrl, secret: connection.secret },
      );
      return fromOpenAICompletion(completion);
    },
  };
}
