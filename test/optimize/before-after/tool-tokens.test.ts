import { expect, test } from 'vitest';
import { countTokens } from '../../../src/agent/index.js';
import { artifactToolTokens } from '../../../src/optimize/before-after/tool-tokens.js';

test('a tool_docs artifact is counted as its name, description and a schema of its documented parameters', () => {
  // o200k: `search_codebase` 3, `Search.` 2, {"type":"object","properties":{"query":{"type":"string","description":"Words"}}} 18.
  expect(countTokens('search_codebase')).toBe(3);
  expect(
    artifactToolTokens('search_codebase:\n  description: Search.\n  parameters: { query: Words }\n'),
  ).toBe(23);
  // Two tools add up; a tool with no parameters has an empty schema; an empty file is none.
  const two = 'a:\n  description: Search.\n  parameters: { query: Words }\nb:\n  description: Read.\n';
  const b = countTokens('b') + countTokens('Read.') + countTokens('{"type":"object","properties":{}}');
  expect(artifactToolTokens(two)).toBe(countTokens('a') + 2 + 18 + b);
  expect(artifactToolTokens('')).toBe(0);
});
