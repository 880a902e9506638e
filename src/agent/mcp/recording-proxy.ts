import { realpathSync } from 'node:fs';
import { AgentTrackError } from '../../core/index.js';
import type { CallYield, TextExtractor } from '../../trajectory/index.js';
import { inCorpus, type Recorder } from '../../trajectory/index.js';
import type { ChatMessage, ToolCall } from '../llm/providers/chat-provider.js';
import { extractResult, resultText } from './extract-result.js';
import type { McpSession } from './mcp-session.js';

/** Longest `error` text kept on a failed call's event (the whole text is in its blob). */
const ERROR_CHARS = 500;

export interface RecordingProxyOptions {
  session: McpSession;
  recorder: Recorder;
  extractor: TextExtractor;
  /** The task's corpus directory: identifiers under it are recorded relative to it, as gold is written. */
  corpus?: string | null;
  /** Aborted when the rollout ends (timeout): late results are then dropped, never recorded. */
  signal?: AbortSignal;
}

/** Calls tools on a session and records each one in the trajectory. */
export interface RecordingProxy {
  /**
   * Runs every call one model message proposed, in parallel, and records them in proposal order
   * (so `seq` does not depend on which finished first). Returns one tool message per call.
   */
  run(calls: readonly ToolCall[], messageId: string): Promise<ChatMessage[]>;
}

interface Finished {
  call: ToolCall;
  args: Record<string, unknown>;
  argsRaw: string | undefined;
  text: string;
  ok: boolean;
  error: string | undefined;
  extracted: CallYield;
  startedAt: Date;
  durationMs: number;
}

function isJsonObjectText(raw: string): boolean {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

// The root as given and, when it differs, as the server may print it (symlinks resolved).
function inCorpusRoots(extracted: CallYield, corpus: string | null | undefined): CallYield {
  if (corpus === null || corpus === undefined) return extracted;
  let real = corpus;
  try {
    real = realpathSync(corpus);
  } catch {
    // a root that does not exist leaves the paths as the server printed them
  }
  const once = inCorpus(extracted, corpus);
  return real === corpus ? once : inCorpus(once, real);
}

async function execute(call: ToolCall, options: RecordingProxyOptions): Promise<Finished> {
  const startedAt = new Date();
  const began = performance.now();
  const raw = call.arguments_raw.trim();
  const argsRaw = raw === '' || isJsonObjectText(raw) ? undefined : call.arguments_raw;
  const base = { call, args: call.arguments, argsRaw, startedAt };
  if (argsRaw !== undefined) {
    const text = `The arguments of \`${call.name}\` are not a JSON object: ${JSON.stringify(argsRaw.slice(0, 200))}`;
    return { ...base, text, ok: false, error: text, extracted: { identifiers: [] }, durationMs: 0 };
  }
  try {
    const result = await options.session.call(call.name, call.arguments, {
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const text = resultText(result);
    const ok = result.isError !== true;
    return {
      ...base,
      text,
      ok,
      error: ok ? undefined : text.slice(0, ERROR_CHARS),
      extracted: ok
        ? inCorpusRoots(
            extractResult(
              result,
              { tool: call.name, args: call.arguments },
              options.extractor,
              options.corpus,
            ),
            options.corpus,
          )
        : { identifiers: [] },
      durationMs: performance.now() - began,
    };
  } catch (error) {
    // A dead server fails the rollout; a protocol-level refusal (an unknown tool) is the call's error.
    if (error instanceof AgentTrackError || options.signal?.aborted) throw error;
    const text = `MCP error: ${error instanceof Error ? error.message : String(error)}`;
    return {
      ...base,
      text,
      ok: false,
      error: text.slice(0, ERROR_CHARS),
      extracted: { identifiers: [] },
      durationMs: performance.now() - began,
    };
  }
}

/**
 * The recording proxy between the model and the MCP server: every call goes through the
 * Recorder with its preview, blob, identifiers and rows (from `structuredContent`, else the text
 * extractor; paths under the task's corpus made relative to it), timing, error, and the message that proposed it (the `model_turns.json` join). An
 * MCP error result is recorded `ok: false` and its text goes back to the model.
 *
 * @example
 * const proxy = createRecordingProxy({ session, recorder, extractor: filePathExtractor() });
 * const toolMessages = await proxy.run(reply.message.tool_calls, reply.message.id);
 */
export function createRecordingProxy(options: RecordingProxyOptions): RecordingProxy {
  return {
    run: async (calls, messageId) => {
      const finished = await Promise.all(calls.map((call) => execute(call, options)));
      if (options.signal?.aborted) throw options.signal.reason;
      return finished.map((done) => {
        options.recorder.recordToolCall({
          tool: done.call.name,
          args: done.args,
          ...(done.argsRaw === undefined ? {} : { args_raw: done.argsRaw }),
          message_id: messageId,
          result: done.text,
          ok: done.ok,
          ...(done.error === undefined ? {} : { error: done.error }),
          identifiers: done.extracted.identifiers,
          ...(done.extracted.rows === undefined ? {} : { rows: done.extracted.rows }),
          started_at: done.startedAt,
          duration_ms: Math.round(done.durationMs * 1000) / 1000,
        });
        return { role: 'tool', tool_call_id: done.call.id, name: done.call.name, content: done.text };
      });
    },
  };
}
