import { AgentTrackError, describeReceived } from '../../core/index.js';
import { parsePointers, pathsIn, resultLines } from '../../trajectory/index.js';
import type { ChatMessage } from '../llm/providers/chat-provider.js';
import { offlineJudgeStep } from './offline-judge.js';
import { samplingLabel } from './offline-label.js';
import { offlineProposerStep } from './offline-proposer.js';
import { offlineRubricStep } from './offline-rubric.js';
import type { Policy, PolicyReply, PolicyRequest } from './policy.js';
import { drawsFor } from './stand-in-draws.js';
import { guidanceText, readGuidance } from './stand-in-guidance.js';
import {
  batchReadShape,
  byQuestionWords,
  listShape,
  type PathShape,
  questionWords,
  readShape,
  searchCall,
  searchShape,
} from './tool-shapes.js';

export { OFFLINE_LABEL } from './offline-label.js';

export interface OfflinePolicyOptions {
  /** Tool calls before it answers (default 3). */
  maxCalls?: number;
  /** A latency injected before every reply, in ms (default 0), for benchmarks. */
  delayMs?: number;
  /** Mixed into the sampling seed (`drawsFor`): a campaign gives each arm its own. */
  salt?: string;
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
  const label = samplingLabel(request.temperature, request.seed);
  return reply([], `${label} Question: ${JSON.stringify(question)}. ${cited}`);
}

// The paths earlier calls of these read tools asked for (a batch counts each of its paths).
function readPaths(calls: readonly Call[], shapes: readonly (PathShape | null)[]): Set<string> {
  const out = new Set<string>();
  for (const call of calls)
    for (const shape of shapes) {
      if (shape === null || call.name !== shape.tool) continue;
      const value = call.arguments[shape.param];
      for (const path of Array.isArray(value) ? value : [value]) if (typeof path === 'string') out.add(path);
    }
  return out;
}

// A result that reads like evidence: not from the search or listing tool, and naming a question word.
function isEvidence(
  result: ToolMessage,
  question: string,
  finders: readonly (string | undefined)[],
): boolean {
  if (finders.includes(result.name)) return false;
  const text = result.content.toLowerCase();
  return questionWords(question).some((word) => text.includes(word));
}

type ToolMessage = Extract<ChatMessage, { role: 'tool' }>;

/**
 * The next step of the offline stand-in for a conversation (pure: the same request gives the same
 * step), for any server, read off its tools' schemas (`tool-shapes.ts`) and told what to do by the
 * text it is given (`readGuidance`: the system prompt and the tools' descriptions). With
 * `tool_choice: none`, or after `maxCalls` calls (or fewer when the text caps them), an answer
 * citing every file path the results named. Else first the search tool with the question in its
 * own style (or with no search tool the listing tool on the root); then, when the text mentions
 * pointers, the first pointer (`→ name(arg="v")`, the metrics' own parser) of the last result not
 * yet called, naming an offered tool; when the text says to stop once the evidence is in and the
 * last read names a word of the question, the answer; else the read tool on the next path the
 * last search or listing named (a glob or words search's paths most-matching first), up to three
 * at once through a list-taking read tool when the text says to batch; else, once, the listing.
 * At a temperature above 0 the request's `seed` draws which words a search keeps, which file is
 * read next and whether a pointer is skipped (`drawsFor`). A judging prompt (`JUDGE_MARKER`) gets
 * the offline judge's scores instead (`offlineJudgeStep`), a rubric prompt the offline grade
 * (`offlineRubricStep`), a proposer prompt the offline rewrite of its artifact (`offlineProposerStep`).
 *
 * @example
 * offlineStep(request, 3); // { type: 'reply', content: '', tool_calls: [{ name: 'search_codebase', arguments: { query: '...' } }] }
 */
export function offlineStep(request: PolicyRequest, maxCalls: number, salt = ''): PolicyReply {
  const special = offlineJudgeStep(request) ?? offlineRubricStep(request) ?? offlineProposerStep(request);
  if (special !== null) return special;
  const lastUser = request.messages.findLast(
    (m): m is Extract<ChatMessage, { role: 'user' }> => m.role === 'user',
  );
  const question = lastUser?.content.trim() ?? '';
  const calls: Call[] = request.messages.flatMap((m) =>
    m.role === 'assistant' ? [...(m.tool_calls ?? [])] : [],
  );
  const guidance = readGuidance(guidanceText(request.messages, request.tools));
  const draws = drawsFor(request, salt);
  const cap = Math.min(maxCalls, guidance.maxCalls ?? maxCalls);
  if (request.toolChoice === 'none' || calls.length >= cap) return answer(request, question);
  const called = new Set(calls.map(canonical));
  const offered = new Set(request.tools.map((tool) => tool.name));
  const search = searchShape(request.tools);
  const read = readShape(request.tools);
  const batch = guidance.batch ? batchReadShape(request.tools) : null;
  const list = listShape(request.tools);
  const listing = list === null ? null : { name: list.tool, arguments: { [list.param]: '.' } };
  if (calls.length === 0) {
    if (search !== null) return reply([searchCall(search, question, draws.keep)]);
    return listing === null ? answer(request, question) : reply([listing]);
  }
  const results = request.messages.filter((m): m is ToolMessage => m.role === 'tool');
  const last = results.at(-1);
  if (last !== undefined && guidance.stopOnEvidence && isEvidence(last, question, [search?.tool, list?.tool]))
    return answer(request, question);
  if (last !== undefined && guidance.followPointers && !draws.chance(Math.min(0.5, draws.temperature / 4))) {
    for (const { tool, args } of parsePointers(resultLines(last.content).join('\n'))) {
      const pointer = { name: tool, arguments: { ...args } };
      if (offered.has(tool) && !called.has(canonical(pointer))) return reply([pointer]);
    }
  }
  const source = results.findLast((m) => m.name === search?.tool || m.name === list?.tool);
  if ((read !== null || batch !== null) && source !== undefined) {
    const named = pathsIn(source.content);
    const ranked =
      search !== null && source.name === search.tool && search.style === 'question'
        ? named
        : byQuestionWords(named, question);
    // A file counts as read once a batch held it or a whole-file read asked for it as this one would.
    const seen = readPaths(calls, [batch]);
    const single = (path: string) =>
      read === null ? null : { name: read.tool, arguments: { [read.param]: read.many ? [path] : path } };
    const isRead = (path: string) => {
      const call = single(path);
      return seen.has(path) || (call !== null && called.has(canonical(call)));
    };
    const unread = draws.order(ranked.filter((path) => !isRead(path)));
    if (batch !== null && (unread.length > 1 || read === null) && unread.length > 0)
      return reply([{ name: batch.tool, arguments: { [batch.param]: unread.slice(0, 3) } }]);
    const next = unread.length > 0 ? single(unread[0]!) : null;
    if (next !== null) return reply([next]);
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
      const step = offlineStep(request, maxCalls, options.salt ?? '');
      return delayMs > 0 ? { ...step, delay_ms: delayMs } : step;
    },
  };
}
