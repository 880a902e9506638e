import { AgentTrackError, describeReceived } from '../../core/index.js';
import { parsePointers } from '../../trajectory/index.js';
import type { ChatMessage } from '../llm/providers/chat-provider.js';
import { offlineJudgeStep } from './offline-judge.js';
import { OFFLINE_LABEL } from './offline-label.js';
import { offlineProposerStep } from './offline-proposer.js';
import { offlineRubricStep } from './offline-rubric.js';
import type { Policy, PolicyReply, PolicyRequest } from './policy.js';
import { pathsIn, resultLines } from './tool-result-text.js';
import { byQuestionWords, listShape, readShape, searchCall, searchShape } from './tool-shapes.js';

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
 * step), for any server, read off its tools' schemas (`tool-shapes.ts`). First the search tool with
 * the question in its own style (the reference server's `search_codebase` gets the question; a glob
 * tool a glob of the question's words), or with no search tool the listing tool on the root; then
 * the first pointer (`→ name(arg="v")`, the metrics' own parser) of the last tool result not yet
 * called, naming an offered tool; else the read tool on the next path the last search or listing
 * named (a glob or words search's paths most-matching first); else, once, the listing; after
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
  const offered = new Set(request.tools.map((tool) => tool.name));
  const search = searchShape(request.tools);
  const read = readShape(request.tools);
  const list = listShape(request.tools);
  const listing = list === null ? null : { name: list.tool, arguments: { [list.param]: '.' } };
  if (calls.length >= maxCalls) return answer(request, question);
  if (calls.length === 0) {
    if (search !== null) return reply([searchCall(search, question)]);
    return listing === null ? answer(request, question) : reply([listing]);
  }
  const results = request.messages.filter(
    (m): m is Extract<ChatMessage, { role: 'tool' }> => m.role === 'tool',
  );
  const last = results.at(-1);
  if (last !== undefined) {
    for (const { tool, args } of parsePointers(resultLines(last.content).join('\n'))) {
      const pointer = { name: tool, arguments: { ...args } };
      if (offered.has(tool) && !called.has(canonical(pointer))) return reply([pointer]);
    }
  }
  const source = results.findLast((m) => m.name === search?.tool || m.name === list?.tool);
  if (read !== null && source !== undefined) {
    const named = pathsIn(source.content);
    const ordered =
      search !== null && source.name === search.tool && search.style === 'question'
        ? named
        : byQuestionWords(named, question);
    for (const path of ordered) {
      const next = { name: read.tool, arguments: { [read.param]: read.many ? [path] : path } };
      if (!called.has(canonical(next))) return reply([next]);
    }
  }
  if (listing !== null && !called.has(canonical(listing))) return reply([listing]);
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
