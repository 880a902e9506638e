import type { ChatMessage } from '../llm/providers/chat-provider.js';

/** The first line of every proposer prompt's system message: how the offline policy knows it is proposing. */
export const PROPOSER_MARKER = 'agent-track reflective proposer v1';

/**
 * What the proposer is asked to improve. The prompt carries the artifact and the evidence as they
 * are (tagged sections a model reads easily) and the rest as JSON between `<proposer-input>` tags.
 */
export interface ProposerInput {
  /** The kind of artifact: `tool_docs` (YAML: tool name -> description, parameters), `usage_skill`, `ask_prompt`. */
  axis: string;
  /** The artifact's whole current text. */
  artifact: string;
  /** 0-based: how many proposals were asked for this artifact before this one (each asks for a different change). */
  variant: number;
  /** How many proposals this round asks for. */
  of: number;
  /** What went worst with the current artifact: readable text, one block per trajectory. */
  evidence: string;
}

const OPEN = '<proposer-input>';
const CLOSE = '</proposer-input>';
const CURRENT_OPEN = '<current-artifact>';
const CURRENT_CLOSE = '</current-artifact>';
const EVIDENCE_OPEN = '<worst-runs>';
const EVIDENCE_CLOSE = '</worst-runs>';
const EVIDENCE_LEAD = 'The runs that went worst with it:';
// Between the artifact and the evidence in the user message.
const SEAM = `${CURRENT_CLOSE}\n${EVIDENCE_LEAD}\n${EVIDENCE_OPEN}`;
const ARTIFACT_OPEN = '<artifact>';
const ARTIFACT_CLOSE = '</artifact>';

const AXIS_RULES: Record<string, string> = {
  tool_docs:
    'The artifact is YAML: each tool name maps to its description and parameter docs. Keep every tool and every parameter name exactly; change only the words.',
  usage_skill: 'The artifact is the skill text the agent reads on how to use the tools.',
  ask_prompt: 'The artifact is the prompt document that frames the agent’s task.',
};

/**
 * The reflective proposer's conversation: a system message naming the job and the reply format,
 * and a user message with the artifact, what went worst (calls charged as needless and why, gold
 * missed, the judge's reasons) and which of the round's variants to write, as tagged JSON.
 *
 * @example
 * const messages = proposerMessages({ axis: 'tool_docs', artifact, variant: 0, of: 4, evidence });
 */
export function proposerMessages(input: ProposerInput): ChatMessage[] {
  const system = [
    PROPOSER_MARKER,
    'You improve one text artifact of a product that an AI agent uses to answer questions about a code base.',
    AXIS_RULES[input.axis] ?? 'The artifact is a text document the agent reads.',
    'You are shown the artifact and the agent runs that went worst with it: which calls were needless and why,',
    'whether the gold evidence was reached, and what a judge said. Make ONE focused change that would have helped',
    'those runs without naming any task’s question or answer (a change must generalize, and copied task text is refused).',
    'Keep the length within half to twice the current length. Reply with the complete revised artifact between',
    `${ARTIFACT_OPEN} and ${ARTIFACT_CLOSE}, then one sentence saying what you changed and why.`,
  ].join('\n');
  const header = { axis: input.axis, variant: input.variant, of: input.of };
  const user = [
    `${OPEN}${JSON.stringify(header)}${CLOSE}`,
    `The current artifact (${input.axis}):`,
    `${CURRENT_OPEN}\n${input.artifact}${CURRENT_CLOSE}`,
    EVIDENCE_LEAD,
    `${EVIDENCE_OPEN}\n${input.evidence}\n${EVIDENCE_CLOSE}`,
    `This is proposal ${input.variant + 1} for this artifact (${input.of} this round): make a change different from the earlier ones.`,
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/**
 * The proposer input inside a conversation, when it is a proposer prompt; `null` otherwise.
 *
 * @example
 * readProposerInput(proposerMessages(input)); // input
 */
export function readProposerInput(messages: readonly ChatMessage[]): ProposerInput | null {
  const system = messages.find((m) => m.role === 'system');
  if (system === undefined || !system.content.startsWith(PROPOSER_MARKER)) return null;
  const user = messages.find((m) => m.role === 'user');
  if (user === undefined) return null;
  const text = user.content;
  const section = (open: string, close: string) => {
    const start = text.indexOf(open);
    const end = text.indexOf(close, start + open.length);
    return start < 0 || end < 0 ? null : text.slice(start + open.length, end);
  };
  const header = section(OPEN, CLOSE);
  // The artifact is any text (it may quote these tags), the evidence never holds a line-leading
  // tag: so the evidence is found from the end, the artifact is what lies before it.
  const evidenceEnd = text.lastIndexOf(`\n${EVIDENCE_CLOSE}`);
  const seam = text.lastIndexOf(SEAM, evidenceEnd);
  const artifactStart = text.indexOf(CURRENT_OPEN, text.indexOf(CLOSE));
  if (header === null || evidenceEnd < 0 || seam < 0 || artifactStart < 0 || artifactStart > seam)
    return null;
  const artifact = text.slice(artifactStart + CURRENT_OPEN.length, seam);
  const evidence = text.slice(seam + SEAM.length, evidenceEnd);
  try {
    const { axis, variant, of } = JSON.parse(header) as Pick<ProposerInput, 'axis' | 'variant' | 'of'>;
    return {
      axis,
      artifact: artifact.replace(/^\n/, ''),
      variant,
      of,
      evidence: evidence.replace(/^\n/, ''),
    };
  } catch {
    return null;
  }
}

/**
 * The revised artifact in a proposer's reply (between the last `<artifact>` and the `</artifact>`
 * after it, one leading and trailing newline dropped), or why there is none.
 *
 * @example
 * artifactFromReply('<artifact>\nnew text\n</artifact>\nShorter.'); // { ok: true, text: 'new text\n', note: 'Shorter.' }
 */
export function artifactFromReply(
  reply: string,
): { ok: true; text: string; note: string } | { ok: false; issue: string } {
  const start = reply.lastIndexOf(ARTIFACT_OPEN);
  if (start < 0) return { ok: false, issue: `the reply has no ${ARTIFACT_OPEN} tag` };
  const end = reply.indexOf(ARTIFACT_CLOSE, start);
  if (end < 0) return { ok: false, issue: `the reply's ${ARTIFACT_OPEN} is never closed` };
  const body = reply.slice(start + ARTIFACT_OPEN.length, end).replace(/^\r?\n/, '');
  if (body.trim() === '') return { ok: false, issue: 'the reply’s artifact is empty' };
  const text = body.endsWith('\n') ? body : `${body}\n`;
  return { ok: true, text, note: reply.slice(end + ARTIFACT_CLOSE.length).trim() };
}

/**
 * A reply carrying an artifact, as a proposer writes it (the offline policy and test servers use it).
 *
 * @example
 * proposerReply('new text\n', 'Shorter.'); // '<artifact>\nnew text\n</artifact>\nShorter.'
 */
export function proposerReply(text: string, note: string): string {
  return `${ARTIFACT_OPEN}\n${text}${text.endsWith('\n') ? '' : '\n'}${ARTIFACT_CLOSE}\n${note}`;
}
