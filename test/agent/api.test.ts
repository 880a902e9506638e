import { expectTypeOf, test } from 'vitest';
import type {
  ChatProvider,
  CompletionRequest,
  CompletionResult,
  LoadedLlmBlock,
  RunningEndpoint,
  Usage,
} from '../../src/agent/index.js';
import { createProvider, loadLlmBlock, startEndpoint } from '../../src/agent/index.js';

test('the agent entry offers the provider interface, the block loader and the endpoint', () => {
  expectTypeOf<ChatProvider['complete']>().toEqualTypeOf<
    (request: CompletionRequest) => Promise<CompletionResult>
  >();
  expectTypeOf<CompletionResult['usage']>().toEqualTypeOf<Usage | undefined>();
  expectTypeOf<Usage>().toEqualTypeOf<{
    prompt: number;
    completion: number;
    reasoning?: number;
    cached?: number;
  }>();
  expectTypeOf(loadLlmBlock).returns.toEqualTypeOf<LoadedLlmBlock>();
  expectTypeOf(startEndpoint).returns.toEqualTypeOf<Promise<RunningEndpoint>>();
  expectTypeOf(createProvider).returns.toEqualTypeOf<ChatProvider>();
});
