import { join } from 'node:path';
import type { Policy } from '../../../src/agent/endpoint/policy.js';
import { type RunningEndpoint, startEndpoint } from '../../../src/agent/endpoint/start-endpoint.js';
import type { LlmBlock } from '../../../src/agent/llm/block-schema.js';
import type { ChatProvider } from '../../../src/agent/llm/providers/chat-provider.js';
import { createProvider } from '../../../src/agent/llm/providers/create-provider.js';
import { openAgentProduct } from '../../../src/agent/manifest/agent-product.js';
import type { ServerCommand } from '../../../src/agent/manifest/server-command.js';
import { DEFAULT_SERVING_CONFIG } from '../../../src/product/index.js';
import type { Task } from '../../../src/retrieval/task/schema.js';
import { fixtureServerScript } from '../../setup/fixture-bundles.js';
import { FAKE_KEY, KEY_ENV } from '../endpoint-helpers.js';

export const FIXTURES = join(import.meta.dirname, '../fixtures');

/** The embedded reference product with the default serving config. */
export const PRODUCT = openAgentProduct({ config: DEFAULT_SERVING_CONFIG });

/** A fixture MCP server script run with this Node (its bundle, `fixtureServerScript`). */
export function fixtureServer(script: string, args: string[] = []): ServerCommand {
  return {
    command: process.execPath,
    args: [fixtureServerScript(join(FIXTURES, script)), ...args],
    cwd: FIXTURES,
  };
}

export interface Model {
  endpoint: RunningEndpoint;
  block: LlmBlock;
  provider: ChatProvider;
  [Symbol.asyncDispose]: () => Promise<void>;
}

/** An endpoint for the policy and an OpenAI-format provider on it (fake key, retries wait 1 ms). */
export async function modelOn(policy: Policy | 'offline', extra: Partial<LlmBlock> = {}): Promise<Model> {
  const endpoint = await startEndpoint({ policy });
  const block: LlmBlock = {
    provider: 'openai',
    base_url: endpoint.openaiBaseUrl,
    auth: { env: KEY_ENV },
    max_retries: 2,
    ...extra,
  };
  const provider = createProvider(block, { env: { [KEY_ENV]: FAKE_KEY }, backoff: () => 1 });
  return { endpoint, block, provider, [Symbol.asyncDispose]: () => endpoint.close() };
}

export function task(id: string, question: string, gold: Task['gold'] = { files: ['shop/cart.py'] }): Task {
  return { id, question, gold };
}
