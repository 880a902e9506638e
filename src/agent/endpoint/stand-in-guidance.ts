import type { ChatMessage, ToolDefinition } from '../llm/providers/chat-provider.js';

/**
 * What the offline stand-in takes from the text an agent is given: the system prompt (the
 * product's ask prompt and usage skill) and the tools' descriptions. Each rule is a phrase test,
 * documented and deterministic, so a change to that text changes the stand-in's calls the way an
 * instruction would change a model's (docs/ARCHITECTURE.md "the offline stand-in").
 */
export interface Guidance {
  /** Follow `→ tool(...)` pointers in results: the text mentions pointers or ready-made calls. */
  followPointers: boolean;
  /** Read several named files in one call of a tool that takes a list: the text says to batch. */
  batch: boolean;
  /** Answer after the first read whose text holds a word of the question: the text says to stop once the evidence is in. */
  stopOnEvidence: boolean;
  /** A cap on tool calls the text states ("at most 4 tool calls"), `null` when none. */
  maxCalls: number | null;
}

const POINTERS = /\bpointers?\b|ready-made|follow-up calls?|→/i;
const BATCH = /\bbatch(?:es|ing)?\b|\bin one call\b|prefer this over several/i;
const STOP =
  /\b(?:stop|answer) (?:once|as soon as|when) (?:you have|you've got|the (?:gold|answer|evidence) is)|\bstop once\b/i;
const CAP = /\b(?:at most|no more than|up to) (\d+) (?:tool )?calls?\b/i;

/** The text the stand-in reads for guidance: every system message and every tool's description. */
export function guidanceText(messages: readonly ChatMessage[], tools: readonly ToolDefinition[]): string {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  return [...system, ...tools.map((tool) => tool.description ?? '')].join('\n');
}

/**
 * The stand-in's reading of its instructions.
 *
 * @example
 * readGuidance('Batch. Results end with ready-made follow-up calls. Answer when you have the evidence.');
 * // { followPointers: true, batch: true, stopOnEvidence: true, maxCalls: null }
 */
export function readGuidance(text: string): Guidance {
  const cap = CAP.exec(text);
  return {
    followPointers: POINTERS.test(text),
    batch: BATCH.test(text),
    stopOnEvidence: STOP.test(text),
    maxCalls: cap === null ? null : Number(cap[1]),
  };
}
