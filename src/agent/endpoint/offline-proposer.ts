import { parseDocument } from 'yaml';
import { proposerReply, readProposerInput } from '../proposer/proposer-prompt.js';
import { OFFLINE_LABEL } from './offline-label.js';
import type { PolicyReply, PolicyRequest } from './policy.js';

/**
 * The sentences the offline proposer appends, in order: deterministic, generic, free. Two of them
 * say something the stand-in acts on (`readGuidance`): a cap on calls (the second) and stopping
 * once the evidence is in (the fourth); the rest change nothing it does, as many a real edit would not.
 */
export const OFFLINE_SENTENCES: readonly string[] = [
  'Use it when you need to find where something is defined before reading it.',
  'Use it when the results already show the code that answers: answer from them, at most 1 tool call.',
  'Use it when a previous result pointed at a file you have not read yet.',
  'Use it when one more call would confirm the answer; stop once the gold is in hand.',
  'Use it when the question names a concept rather than an exact identifier.',
  'Use it when you already know the name and only need its signature or body.',
  'Use it when several related names came back together in one result.',
];

function toolNames(text: string): string[] {
  return Object.keys((parseDocument(text).toJS() ?? {}) as Record<string, unknown>);
}

// The tool-docs text with one sentence appended to one tool's description (comments kept).
function withWhenToUse(text: string, tool: string, sentence: string): string | null {
  const doc = parseDocument(text);
  const description = doc.getIn([tool, 'description']);
  if (typeof description !== 'string') return null;
  doc.setIn([tool, 'description'], `${description.trimEnd()} ${sentence}\n`);
  // No refolding: the diff touches only the description it changed.
  return doc.toString({ lineWidth: 0 });
}

/**
 * The offline rewrite of an artifact for proposal `variant` (0-based): for `tool_docs` a "when to
 * use" sentence appended to one tool's description (variant v appends sentence v mod S to tool
 * floor(v / S) mod n, so one round tries different sentences before any sentence is tried on a
 * second tool); for a prompt document a "when to use the tools" paragraph with sentence v mod S.
 * `null` when the YAML has no such description.
 *
 * @example
 * offlineRewrite('tool_docs', 'search_codebase:\n  description: Search.\n', 0);
 * // 'search_codebase:\n  description: |\n    Search. Use it when you need to find where ...'
 */
export function offlineRewrite(axis: string, artifact: string, variant: number): string | null {
  if (axis === 'tool_docs') {
    const names = toolNames(artifact);
    if (names.length === 0) return null;
    const sentence = OFFLINE_SENTENCES[variant % OFFLINE_SENTENCES.length]!;
    const tool = names[Math.floor(variant / OFFLINE_SENTENCES.length) % names.length]!;
    return withWhenToUse(artifact, tool, sentence);
  }
  const sentence = OFFLINE_SENTENCES[variant % OFFLINE_SENTENCES.length]!;
  return `${artifact.trimEnd()}\n\nWhen to use the tools: ${sentence.replace(/^Use it when /, 'use one when ')}\n`;
}

/**
 * The offline policy's reply to a proposer prompt (`readProposerInput`), `null` for any other
 * request: the rewritten artifact in `<artifact>` tags and a note opening with the offline label.
 * An artifact it cannot rewrite comes back unchanged (the caller sees a repeat and skips it).
 *
 * @example
 * offlineProposerStep(request)?.content; // '<artifact>\n...\n</artifact>\n[offline policy: ...] appended ...'
 */
export function offlineProposerStep(request: PolicyRequest): PolicyReply | null {
  const input = readProposerInput(request.messages);
  if (input === null) return null;
  const text = offlineRewrite(input.axis, input.artifact, input.variant) ?? input.artifact;
  const note = `${OFFLINE_LABEL} appended a "when to use" sentence (proposal ${input.variant + 1}).`;
  return { type: 'reply', content: proposerReply(text, note), tool_calls: [] };
}
