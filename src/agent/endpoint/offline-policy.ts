import { AgentTrackError, describeReceived } from '../../core/index.js';
import type { ChatMessage, ToolDefinition } from '../llm/providers/chat-provider.js';
import { offlineJudgeStep } from './offline-judge.js';
import { OFFLINE_LABEL } from './offline-label.js';
import { offlineProposerStep } from './offline-proposer.js';
import { offlineRubricStep } from './offline-rubric.js';
import { pointersIn } from './pointer-lines.js';
import type { Policy, PolicyReply, PolicyRequest } from './policy.js';
import { pathsIn, resultLines } from './tool-result-text.js';

export { OFFLINE_LABEL } from './offline-label.js';

export interface OfflinePolicyOptions {
  /** Tool calls before it answers (default 3). */
  maxCalls?: number;
  /** A latency injected before every reply, in ms (default 0), for benchmarks. */
  delayMs?: number;
}

type Call = { name: string; arguments: Record<string, unknown> };

function canonical(call: Call): string {
  const keys = Object.keys(call.arguments).sort();
  return JSON.stringify([call.name, keys.map((key) => [key, call.arguments[key]])]);
}

// The argument a tool's schema names first among `preferred`, else its first required string
// property, else its first string property, else the first preferred name.
function argumentName(tool: ToolDefinition, preferred: readonly string[]): string {
  const properties = (tool.input_schema.properties ?? {}) as Record<string, { type?: unknown }>;
  const names = Object.keys(properties);
  const found = preferred.find((name) => names.includes(name));
  if (found !== undefined) return found;
  const required = Array.isArray(tool.input_schema.required) ? (tool.input_schema.required as string[]) : [];
  const isString = (name: string) => properties[name]?.type === 'string';
  return required.find(isString) ?? names.find(isString) ?? preferred[0]!;
}

function reply(tool_calls: Call[], content = ''): PolicyReply {
  return { type: 'reply', content, tool_calls };
}

function answer(request: PolicyRequest, question: string): PolicyReply {
  const seen = request.messages.flatMap((m) => (m.role === 'tool' ? pathsIn(m.content) : []));
  const files = [...new Set(seen)];
  const cited = files.length > 0 ? `Files seen: ${files.join(', ')}.` : 'No files seen.';
  return reply([], `${OFFLINE_LABEL} Question: ${JSON.stringify(question)}. ${cited}`);
}

/**
 * The next step of the offline searcher for a conversation (pure: the same request gives the same
 * step). First the search tool (a tool whose name contains `search`) with the question; then the
 * first pointer line (`→ name(arg="v")`) of the last tool result not yet called, naming an offered
 * tool; else `read_file` on the first path of the last search result not yet read; after
 * `maxCalls` calls, or when nothing is left, an answer citing every file path the results named.
 * A judging prompt (`JUDGE_MARKER`) gets the offline judge's scores instead (`offlineJudgeStep`),
 * a rubric prompt (`RUBRIC_JUDGE_MARKER`) the offline grade (`offlineRubricStep`), a proposer
 * prompt (`PROPOSER_MARKER`) the offline rewrite of its artifact (`offlineProposerStep`).
 *
 * @example
 * offlineStep(request, 3); // { type: 'reply', content: '', tool_calls: [{ name: 'search_codebase', arguments: { query: '...' } }] }
 */
export function offlineStep(request: PolicyRequest, maxCalls: number): PolicyReply {
  const special = offlineJudgeStep(request) ?? offlineRubricStep(request) ?? offlineProposerStep(request);
  if (special !== null) return special;
  const lastUser = request.messages.findLast(
    (m): m is Extract<ChatMessage, { role: 'user' }> => m.role === 'user',
  );
  const question = lastUser?.content.trim() ?? '';
  const calls: Call[] = request.messages.flatMap((m) =>
    m.role === 'assistant' ? [...(m.tool_calls ?? [])] : [],
  );
  const called = new Set(calls.map(canonical));
  const offered = new Map(request.tools.map((tool) => [tool.name, tool]));
  const search = request.tools.find((tool) => tool.name.toLowerCase().includes('search'));
  if (calls.length >= maxCalls) return answer(request, question);
  if (calls.length === 0) {
    if (search === undefined) return answer(request, question);
    return reply([
      { name: search.name, arguments: { [argumentName(search, ['query', 'q', 'question'])]: question } },
    ]);
  }
  const results = request.messages.filter(
    (m): m is Extract<ChatMessage, { role: 'tool' }> => m.role === 'tool',
  );
  const last = results.at(-1);
  if (last !== undefined) {
    for (const pointer of pointersIn(resultLines(last.content).join('\n'))) {
      if (offered.has(pointer.name) && !called.has(canonical(pointer))) return reply([pointer]);
    }
  }
  const read = offered.get('read_file');
  const lastSearch = results.findLast((m) => m.name?.toLowerCase().includes('search') === true);
  if (read !== undefined && lastSearch !== undefined) {
    const arg = argumentName(read, ['path', 'file_path', 'file']);
    for (const path of pathsIn(lastSearch.content)) {
      const next = { name: read.name, arguments: { [arg]: path } };
      if (!called.has(canonical(next))) return reply([next]);
    }
  }
  return answer(request, question);
}

/**
 * The offline policy: a deterministic searcher standing in for a model (see `offlineStep`). Its
 * behaviour follows what the tools return, so a change to tool docs or pointers changes its calls.
 *
 * @example
 * const { url, close } = await startEndpoint({ policy: createOfflinePolicy({ maxCalls: 4 }) });
 */
export function createOfflinePolicy(options: OfflinePolicyOptions = {}): Policy {
  const maxCalls = options.maxCalls ?? 3;
  const delayMs = options.delayMs ?? 0;
  if (!Number.isInteger(maxCalls) || maxCalls < 0) {
    throw new AgentTrackError(
      'INVALID_OPTION',
      `Expected the \`maxCalls\` option to be a non-negative integer, got ${describeReceived(maxCalls)}`,
      { data: { option: 'maxCalls', received: maxCalls } },
    );
  }
  return {
    name: 'offline',
    stateful: false,
    respond(request) {
      const step = offlineStep(request, maxCalls);
      return delayMs > 0 ? { ...step, delay_ms: delayMs } : step;
    },
  };
}
