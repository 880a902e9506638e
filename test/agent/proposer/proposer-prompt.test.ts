import { expect, test } from 'vitest';
import type { ChatMessage } from '../../../src/agent/llm/providers/chat-provider.js';
import {
  artifactFromReply,
  PROPOSER_MARKER,
  type ProposerInput,
  proposerMessages,
  proposerReply,
  readProposerInput,
} from '../../../src/agent/proposer/proposer-prompt.js';

const input: ProposerInput = {
  axis: 'tool_docs',
  artifact: 'search_codebase:\n  description: Search the code.\n',
  variant: 1,
  of: 4,
  evidence: 't1: 2 needless calls (a placeholder query found nothing).\nt7: gold shop/tax.py never reached.',
};

test('the prompt opens with the marker and names the axis rules and the variant', () => {
  const messages = proposerMessages(input);
  expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
  expect(messages[0]!.content.startsWith(`${PROPOSER_MARKER}\n`)).toBe(true);
  expect(messages[0]!.content).toContain('Keep every tool and every parameter name exactly');
  expect(messages[1]!.content).toContain('This is proposal 2 for this artifact (4 this round)');
});

test.each([
  ['tool docs YAML', input],
  ['an artifact without a trailing newline', { ...input, artifact: 'Search first.' }],
  ['an artifact opening with a blank line', { ...input, artifact: '\nSearch first.\n' }],
  ['an empty evidence string', { ...input, evidence: '' }],
  ['evidence ending in a newline', { ...input, evidence: 't1: slow.\n' }],
  [
    'an artifact containing the evidence closing tag',
    { ...input, axis: 'usage_skill', artifact: 'Never write </worst-runs> in an answer.\n' },
  ],
  [
    'an artifact quoting the whole prompt layout',
    {
      ...input,
      axis: 'ask_prompt',
      artifact: 'Sections:\n<current-artifact>\nx</current-artifact>\n<worst-runs>\ny\n</worst-runs>\n',
    },
  ],
  ['an unknown axis', { ...input, axis: 'other', variant: 0, of: 1 }],
])('round trip: %s', (_, value) => {
  expect(readProposerInput(proposerMessages(value))).toEqual(value);
});

test('a conversation that is not a proposer prompt reads as null', () => {
  const [system, user] = proposerMessages(input);
  expect(readProposerInput([{ role: 'user', content: 'Where is tax computed?' }])).toBeNull();
  expect(readProposerInput([{ role: 'system', content: 'You are a judge.' }, user!])).toBeNull();
  // The marker without the user message, or with a user message missing its sections.
  expect(readProposerInput([system!])).toBeNull();
  expect(readProposerInput([system!, { role: 'user', content: 'Improve the docs.' }])).toBeNull();
  // A header that is not JSON.
  const broken: ChatMessage = { role: 'user', content: user!.content.replace('{"axis"', '{axis') };
  expect(readProposerInput([system!, broken])).toBeNull();
});

test.each([
  ['a reply with a note after', '<artifact>\nnew text\n</artifact>\nShorter.', 'new text\n', 'Shorter.'],
  ['a reply with no note', '<artifact>\nnew text\n</artifact>', 'new text\n', ''],
  [
    'a body without a trailing newline gets one',
    '<artifact>\nnew text</artifact> Why.',
    'new text\n',
    'Why.',
  ],
  ['a CRLF after the opening tag', '<artifact>\r\nnew text\n</artifact>', 'new text\n', ''],
  [
    'text before the tag',
    'Here it is:\n<artifact>\na\nb\n</artifact>\n  Split it.  \n',
    'a\nb\n',
    'Split it.',
  ],
  [
    'the last of two artifact blocks',
    '<artifact>\ndraft\n</artifact>\nOn reflection:\n<artifact>\nfinal\n</artifact>\nFinal.',
    'final\n',
    'Final.',
  ],
])('artifactFromReply: %s', (_, reply, text, note) => {
  expect(artifactFromReply(reply)).toEqual({ ok: true, text, note });
});

test.each([
  ['no tag', 'I would shorten the docs.', 'has no <artifact> tag'],
  ['an unclosed tag', '<artifact>\nnew text\n', 'is never closed'],
  ['an empty artifact', '<artifact>\n</artifact>\nNothing.', 'is empty'],
  ['a blank artifact', '<artifact>\n  \n\n</artifact>', 'is empty'],
  // The last opening tag wins, and this one is never closed.
  ['a closed block then an unclosed one', '<artifact>\na\n</artifact>\n<artifact>\nb', 'is never closed'],
])('artifactFromReply refuses %s', (_, reply, issue) => {
  const parsed = artifactFromReply(reply);
  expect(parsed.ok).toBe(false);
  if (!parsed.ok) expect(parsed.issue).toContain(issue);
});

test.each([
  ['text with its newline', 'new text\n', 'Shorter.', 'new text\n'],
  ['text without a newline', 'new text', 'Shorter.', 'new text\n'],
  [
    'several lines',
    'a:\n  description: A.\nb:\n  description: B.\n',
    'Split.',
    'a:\n  description: A.\nb:\n  description: B.\n',
  ],
  ['an empty note', 'x\n', '', 'x\n'],
])('proposerReply round trip: %s', (_, text, note, back) => {
  expect(artifactFromReply(proposerReply(text, note))).toEqual({ ok: true, text: back, note });
});

test('proposerReply writes the format the system prompt asks for', () => {
  expect(proposerReply('new text', 'Shorter.')).toBe('<artifact>\nnew text\n</artifact>\nShorter.');
});
