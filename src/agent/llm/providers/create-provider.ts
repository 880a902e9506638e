import type { LlmBlock } from '../block-schema.js';
import { createAnthropicProvider } from './anthropic-provider.js';
import type { ChatProvider } from './chat-provider.js';
import { createOpenAIProvider } from './openai-provider.js';
import type { ProviderOptions } from './provider-options.js';

/**
 * The provider a block names (`openai` for any OpenAI-format endpoint, or `anthropic`).
 *
 * @example
 * const provider = createProvider(loadLlmBlock('llm.yaml').block);
 * const result = await provider.complete({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'hi' }], tools: [] });
 */
export function createProvider(block: LlmBlock, options: ProviderOptions = {}): ChatProvider {
  return block.provider === 'anthropic'
    ? createAnthropicProvider(block, options)
    : createOpenAIProvider(block, options);
}
