import { parseDocument } from 'yaml';
import type { Axis } from '../search/campaign-schema.js';
import { makeCandidate } from '../search/candidate.js';
import type { Proposer } from '../search/proposers/proposer.js';

/** The sentences the offline proposer appends, in order: deterministic, generic, free. */
export const OFFLINE_SENTENCES: readonly string[] = [
  'Use it when you need to find where something is defined before reading it.',
  'Use it when the question names a concept rather than an exact identifier.',
  'Use it when a previous result pointed at a file you have not read yet.',
  'Use it when you already know the name and only need its signature or body.',
  'Use it when one more call would confirm the answer; stop once the gold is in hand.',
  'Use it when several related names came back together in one result.',
];

function toolCount(text: string): number {
  return Object.keys((parseDocument(text).toJS() ?? {}) as Record<string, unknown>).length;
}

// The tool-docs text with one sentence appended to one tool's description (comments kept).
function withWhenToUse(text: string, tool: number, sentence: string): string | null {
  const doc = parseDocument(text);
  const names = Object.keys((doc.toJS() ?? {}) as Record<string, unknown>);
  if (names.length === 0) return null;
  const name = names[tool % names.length]!;
  const description = doc.getIn([name, 'description']);
  if (typeof description !== 'string') return null;
  doc.setIn([name, 'description'], `${description.trimEnd()} ${sentence}\n`);
  return doc.toString();
}

/**
 * The proposer of a dry run: the offline policy's stand-in for the reflective model, free and
 * deterministic. For `tool_docs` it appends a "when to use" sentence to one tool's description
 * (slot s = (r - 1) * count + i edits tool s mod n with sentence floor(s / n)); for the prompt axes it appends a
 * "when to use the tools" sentence to the document. Proposals stay children of the incumbent.
 *
 * @example
 * const proposer = offlineTextProposer('tool_docs');
 * await proposer.propose({ round: 1, incumbent, seen: new Set([incumbent.hash]), count: 2 });
 */
export function offlineTextProposer(axis: Axis): Proposer {
  return {
    name: 'offline',
    async propose(context) {
      const out = [];
      const taken = new Set(context.seen);
      const tools = axis === 'tool_docs' ? Math.max(1, toolCount(context.incumbent.text)) : 1;
      for (let i = 0; out.length < context.count && i < context.count * 3; i++) {
        const slot = (context.round - 1) * context.count + i;
        // Every tool gets the first sentence before any gets the second: n * 6 distinct edits.
        const sentence = OFFLINE_SENTENCES[Math.floor(slot / tools) % OFFLINE_SENTENCES.length]!;
        const base = context.incumbent.text;
        const text =
          axis === 'tool_docs'
            ? withWhenToUse(base, slot, sentence)
            : `${base.trimEnd()}\n\nWhen to use the tools: ${sentence.replace(/^Use it when /, 'use one when ')}\n`;
        if (text === null) continue;
        const candidate = makeCandidate({
          id: `c${context.round}.${out.length}`,
          parent: context.incumbent.id,
          text,
          operator: 'offline',
        });
        if (taken.has(candidate.hash)) continue;
        taken.add(candidate.hash);
        out.push(candidate);
      }
      return out;
    },
  };
}
