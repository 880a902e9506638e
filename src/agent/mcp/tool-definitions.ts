import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { toolTokens } from '../endpoint/count-tokens.js';
import type { ToolDefinition } from '../llm/providers/chat-provider.js';

/**
 * The tools a server lists, as the provider-neutral definitions the model is offered: the
 * description the server wrote (empty when it wrote none) and its input JSON Schema.
 *
 * @example
 * toToolDefinitions([{ name: 'grep', description: 'Find text', inputSchema: { type: 'object' } }]);
 * // [{ name: 'grep', description: 'Find text', input_schema: { type: 'object' } }]
 */
export function toToolDefinitions(tools: readonly Tool[]): ToolDefinition[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? '',
    input_schema: tool.inputSchema as Record<string, unknown>,
  }));
}

/**
 * What the tool definitions cost in every prompt: each tool's name, description and compact JSON
 * Schema in o200k_base tokens (the offline endpoint's count, so it can be checked by hand).
 *
 * @example
 * toolDescriptionTokens(definitions); // 812
 */
export function toolDescriptionTokens(definitions: readonly ToolDefinition[]): number {
  let total = 0;
  for (const definition of definitions) total += toolTokens(definition);
  return total;
}
