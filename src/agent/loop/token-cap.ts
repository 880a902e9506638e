import { invalidOption } from '../../core/index.js';
import type { Usage } from '../../trajectory/index.js';
import { countTokens, headTokens, promptTokens } from '../endpoint/count-tokens.js';
import type { ChatMessage, ToolDefinition } from '../llm/providers/chat-provider.js';

/** What one rollout may use at most: the tokens its booking was priced at. */
export interface TokenCap {
  /** Prompt tokens over all of the rollout's requests. */
  input: number;
  /** Completion tokens over all of its requests (reasoning included). */
  output: number;
}

/**
 * The environment variable a campaign sets on an arm's harness with the rollout's booking,
 * `<input>:<output>` tokens (a variable, not a flag, so an older harness at an arm's commit that
 * knows no cap still runs; its rollouts then settle at what they used).
 */
export const TOKEN_CAP_ENV = 'AGENT_TRACK_TOKEN_CAP';

/**
 * A cap as `TOKEN_CAP_ENV` holds it; anything else is refused by name.
 *
 * @example
 * parseTokenCap('62000:6000'); // { input: 62000, output: 6000 }
 */
export function parseTokenCap(text: string): TokenCap {
  const match = /^(\d+):(\d+)$/.exec(text.trim());
  const input = Number(match?.[1]);
  const output = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(input) || !Number.isSafeInteger(output))
    throw invalidOption(TOKEN_CAP_ENV, '`<input tokens>:<output tokens>`, two whole numbers', text);
  return { input, output };
}

/** One request as the cap lets it go out: its messages (old tool results cut) and output limit. */
export interface CappedRequest {
  messages: ChatMessage[];
  maxTokens: number;
  /** Tool results cut (whole or in part) to fit. */
  cut: number;
  /** The prompt's tokens as the cap counted them (the calibration's factor applied). */
  estimate: number;
  /** Its o200k count, uncalibrated (what the reported usage calibrates against). */
  raw: number;
}

/**
 * Before a reply has calibrated it, a prompt is counted at 1.25 times the o200k count: providers'
 * tokenizers and per-message overheads count more than it does, rarely a quarter more.
 */
const UNCALIBRATED = 1.25;

const marker = (kept: number, total: number) =>
  kept === 0
    ? `[agent-track: this tool result (${total} tokens) was cut to keep the rollout within its booked context]`
    : `\n[agent-track: cut here, ${kept} of ${total} tokens kept to keep the rollout within its booked context]`;

/**
 * Holds a rollout to its booking. Request k of at most n may use an even share of what is left:
 * (cap - used) / (n - k + 1) prompt tokens and as many completion tokens, so the last request always
 * has its share and the sum never passes the cap. A prompt over its share has its oldest tool
 * results cut, with a marker, until it fits; `next` returns `null` when even that cannot fit it (the
 * rollout then ends as `budget_exhausted`). Prompts are counted with o200k times a factor calibrated
 * after each reply from the prompt tokens the endpoint reported (at least 1; 1.25 before any).
 *
 * @example
 * const meter = tokenMeter({ input: 60_000, output: 6_000 }, 13);
 * const request = meter.next(messages, tools); // { messages, maxTokens: 461, cut: 0, estimate }
 * meter.record(request, reply.usage);
 */
export function tokenMeter(cap: TokenCap, maxRequests: number) {
  for (const [key, value] of Object.entries(cap)) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw invalidOption(`tokenCap.${key}`, 'a non-negative integer of tokens', value);
  }
  let usedInput = 0;
  let usedOutput = 0;
  let sent = 0;
  let factor: number | null = null;
  return {
    next(messages: readonly ChatMessage[], tools: readonly ToolDefinition[]): CappedRequest | null {
      const left = Math.max(1, maxRequests - sent);
      const inputShare = Math.floor((cap.input - usedInput) / left);
      const maxTokens = Math.floor((cap.output - usedOutput) / left);
      if (maxTokens < 1) return null;
      const scale = factor ?? UNCALIBRATED;
      const fitted = fitPrompt(messages, tools, inputShare, scale);
      if (fitted === null) return null;
      return { ...fitted, estimate: Math.ceil(fitted.raw * scale), maxTokens };
    },
    /** After a reply: its reported usage (or, unreported, the worst case) counts as used. */
    record(request: CappedRequest, usage: Usage | undefined): void {
      sent += 1;
      if (usage === undefined) {
        usedInput += request.estimate;
        usedOutput += request.maxTokens;
        return;
      }
      usedInput += usage.prompt;
      usedOutput += usage.completion;
      if (request.raw > 0) factor = Math.max(factor ?? 1, usage.prompt / request.raw);
    },
  };
}

export type TokenMeter = ReturnType<typeof tokenMeter>;

function fitPrompt(
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
  share: number,
  scale: number,
): Pick<CappedRequest, 'messages' | 'cut' | 'raw'> | null {
  const out = [...messages];
  const original = new Map<number, string>();
  // The prompt counted once, then again only when a result is cut: the uncut case, every request
  // of most rollouts, costs one count.
  let raw = promptTokens(out, tools);
  let estimate = raw * scale;
  const replace = (i: number, content: string) => {
    const message = out[i] as Extract<ChatMessage, { role: 'tool' }>;
    if (!original.has(i)) original.set(i, message.content);
    out[i] = { ...message, content };
    raw = promptTokens(out, tools);
    estimate = raw * scale;
  };
  // Oldest first: a result cut to its head when that is enough, else whole; a second pass cuts
  // whole what the first cut in part, for a head that re-encoded a little longer than counted.
  for (const partial of [true, false]) {
    for (let i = 0; i < out.length && estimate > share; i++) {
      const message = out[i]!;
      if (message.role !== 'tool') continue;
      const text = original.get(i) ?? message.content;
      const total = countTokens(text);
      const whole = marker(0, total);
      if (message.content === whole) continue;
      const keep = total - Math.ceil((estimate - share) * UNCALIBRATED) - countTokens(marker(total, total));
      const content = partial && keep > 0 ? `${headTokens(text, keep)}${marker(keep, total)}` : whole;
      if (countTokens(content) < countTokens(message.content)) replace(i, content);
    }
  }
  return estimate > share ? null : { messages: out, cut: original.size, raw };
}
