import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { OFFLINE_LABEL } from '../../../src/agent/endpoint/offline-label.js';
import { createOfflinePolicy } from '../../../src/agent/endpoint/offline-policy.js';
import {
  OFFLINE_SENTENCES,
  offlineProposerStep,
  offlineRewrite,
} from '../../../src/agent/endpoint/offline-proposer.js';
import type { PolicyRequest } from '../../../src/agent/endpoint/policy.js';
import { readGuidance } from '../../../src/agent/endpoint/stand-in-guidance.js';
import { startEndpoint } from '../../../src/agent/endpoint/start-endpoint.js';
import type { ChatMessage } from '../../../src/agent/llm/providers/chat-provider.js';
import { createProvider } from '../../../src/agent/llm/providers/create-provider.js';
import { artifactFromReply, proposerMessages } from '../../../src/agent/proposer/proposer-prompt.js';

const DOCS = [
  '# The tools the agent sees.',
  'search_codebase:',
  '  # what it does',
  '  description: Search the code.',
  '  parameters:',
  '    query: What to look for.',
  'read_file:',
  '  description: Read a file.',
  '',
].join('\n');

const FIRST = 'Use it when you need to find where something is defined before reading it.';
const SECOND =
  'Use it when the results already show the code that answers: answer from them, at most 1 tool call.';
const FOURTH = 'Use it when one more call would confirm the answer; stop once the gold is in hand.';

/** A real offline endpoint over HTTP, and an OpenAI-wire provider that never retries. */
async function offline() {
  const endpoint = await startEndpoint({ policy: createOfflinePolicy() });
  const provider = createProvider(
    { provider: 'openai', base_url: endpoint.openaiBaseUrl, max_retries: 0 },
    { env: {} },
  );
  const completions = () => endpoint.requests.filter((r) => r.index !== null).length;
  return { provider, completions, [Symbol.asyncDispose]: () => endpoint.close() };
}

const request = (messages: ChatMessage[]): PolicyRequest => ({
  wire: 'openai',
  model: 'offline',
  messages,
  tools: [],
  index: 0,
});

test('the sentences are the ones the tests below spell out; two say what the stand-in acts on', () => {
  expect(OFFLINE_SENTENCES.slice(0, 2)).toEqual([FIRST, SECOND]);
  expect(OFFLINE_SENTENCES[3]).toBe(FOURTH);
  expect(OFFLINE_SENTENCES).toHaveLength(7);
  // What readGuidance takes from each: a cap of 1 call from the second, stop-on-evidence from the fourth.
  const read = OFFLINE_SENTENCES.map((sentence) => readGuidance(sentence));
  expect(read.map((g) => g.maxCalls)).toEqual([null, 1, null, null, null, null, null]);
  expect(read.map((g) => g.stopOnEvidence)).toEqual([false, false, false, true, false, false, false]);
  expect(read.some((g) => g.followPointers || g.batch)).toBe(false);
});

test('tool_docs variant 0 appends the first sentence to the first tool, keeping comments and the rest', () => {
  expect(offlineRewrite('tool_docs', DOCS, 0)).toBe(
    [
      '# The tools the agent sees.',
      'search_codebase:',
      '  # what it does',
      // The description now ends in a newline, so it is written as a block scalar, never refolded.
      '  description: |',
      '    Search the code. Use it when you need to find where something is defined before reading it.',
      '  parameters:',
      '    query: What to look for.',
      'read_file:',
      '  description: Read a file.',
      '',
    ].join('\n'),
  );
});

test.each([
  // variant v appends sentence v mod 7 to tool floor(v / 7) mod 2
  [0, 'search_codebase', `Search the code. ${FIRST}\n`],
  [1, 'search_codebase', `Search the code. ${SECOND}\n`],
  [3, 'search_codebase', `Search the code. ${FOURTH}\n`],
  [7, 'read_file', `Read a file. ${FIRST}\n`],
  [8, 'read_file', `Read a file. ${SECOND}\n`],
  // 14: sentence 0 on tool 7 mod 2 = 0 again
  [14, 'search_codebase', `Search the code. ${FIRST}\n`],
])('tool_docs variant %i edits %s', (variant, tool, description) => {
  const text = offlineRewrite('tool_docs', DOCS, variant)!;
  const other = tool === 'search_codebase' ? 'read_file' : 'search_codebase';
  const before = parse(DOCS);
  const after = parse(text);
  expect(after[tool].description).toBe(description);
  // Everything else as it was: the other tool, the parameters, the comments.
  expect(after[other]).toEqual(before[other]);
  expect(after.search_codebase.parameters).toEqual({ query: 'What to look for.' });
  expect(text.startsWith('# The tools the agent sees.\nsearch_codebase:\n  # what it does\n')).toBe(true);
});

test('on the shipped tool docs the rewrite changes one line: the diff is the sentence, nothing refolded', () => {
  const shipped = readFileSync(
    resolve(import.meta.dirname, '../../../configs/product/tool_docs.yaml'),
    'utf8',
  );
  const before = shipped.split('\n');
  const after = offlineRewrite('tool_docs', shipped, 1)!.split('\n');
  expect(after).toHaveLength(before.length);
  const changed = before.flatMap((line, i) => (line === after[i] ? [] : [i]));
  expect(changed).toHaveLength(1);
  expect(after[changed[0]!]).toBe(`${before[changed[0]!]} ${SECOND}`);
});

test('tool_docs wraps around the sentences after the last one', () => {
  // One tool: variant 7 takes sentence 7 mod 7 = 0.
  const one = 'search_codebase:\n  description: Search.\n';
  expect(parse(offlineRewrite('tool_docs', one, 7)!).search_codebase.description).toBe(`Search. ${FIRST}\n`);
});

test.each([
  ['empty YAML', ''],
  ['a tool without a description', 'search_codebase:\n  parameters:\n    query: q\n'],
  ['a description that is not text', 'search_codebase:\n  description:\n    - a\n'],
])('tool_docs with %s has no rewrite', (_, docs) => {
  expect(offlineRewrite('tool_docs', docs, 0)).toBeNull();
});

test.each([
  [
    0,
    'Search first.\n\nWhen to use the tools: use one when you need to find where something is defined before reading it.\n',
  ],
  [
    1,
    'Search first.\n\nWhen to use the tools: use one when the results already show the code that answers: answer from them, at most 1 tool call.\n',
  ],
  // 8 mod 7 = 1
  [
    8,
    'Search first.\n\nWhen to use the tools: use one when the results already show the code that answers: answer from them, at most 1 tool call.\n',
  ],
])('usage_skill variant %i appends a paragraph', (variant, expected) => {
  // Trailing blank lines of the skill are dropped before the paragraph.
  expect(offlineRewrite('usage_skill', 'Search first.\n\n\n', variant)).toBe(expected);
});

test('offlineProposerStep answers only proposer prompts', () => {
  expect(offlineProposerStep(request([{ role: 'user', content: 'Where is tax computed?' }]))).toBeNull();
  const reply = offlineProposerStep(
    request(
      proposerMessages({ axis: 'usage_skill', artifact: 'Search first.', variant: 0, of: 1, evidence: '' }),
    ),
  );
  expect(reply).toEqual({
    type: 'reply',
    content: `<artifact>\nSearch first.\n\nWhen to use the tools: use one when you need to find where something is defined before reading it.\n</artifact>\n${OFFLINE_LABEL} appended a "when to use" sentence (proposal 1).`,
    tool_calls: [],
  });
});

test.each([0, 1, 2, 3])(
  'over a real offline endpoint, tool_docs proposal %i comes back as its rewrite',
  async (variant) => {
    await using h = await offline();
    const messages = proposerMessages({
      axis: 'tool_docs',
      artifact: DOCS,
      variant,
      of: 4,
      evidence: 't1: slow.',
    });
    const result = await h.provider.complete({ model: 'offline', messages, tools: [] });
    expect(h.completions()).toBe(1);
    const parsed = artifactFromReply(result.message.content);
    expect(parsed).toEqual({
      ok: true,
      text: offlineRewrite('tool_docs', DOCS, variant),
      note: `${OFFLINE_LABEL} appended a "when to use" sentence (proposal ${variant + 1}).`,
    });
    expect(result.message.tool_calls).toEqual([]);
  },
);

test('over a real offline endpoint, an artifact it cannot rewrite comes back unchanged', async () => {
  await using h = await offline();
  const docs = 'search_codebase:\n  parameters:\n    query: q\n';
  const messages = proposerMessages({ axis: 'tool_docs', artifact: docs, variant: 0, of: 1, evidence: '' });
  const result = await h.provider.complete({ model: 'offline', messages, tools: [] });
  expect(artifactFromReply(result.message.content)).toMatchObject({ ok: true, text: docs });
});
