import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { createOfflinePolicy, type Policy, type PolicyReply } from '../../../src/agent/index.js';
import { readRubricInput } from '../../../src/agent/judge/rubric-prompt.js';
import { readProposerInput } from '../../../src/agent/proposer/proposer-prompt.js';
import { pathsIn } from '../../../src/trajectory/tools/result-paths.js';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const KEY_ENV = 'AGENT_TRACK_OPTIMIZE_TEST_KEY';
export const SECRET = 'sk-optimize-test-3f9a61c2d7e04b8a';
/** The agent model's prices in these tests: $1 in, $5 out per million tokens. */
export const PRICES = { inputPer1m: 1, outputPer1m: 5 };

/** The phrase a candidate skill carries to make the test model search well. */
export const GOOD_HABIT = 'Search with the question itself first; never probe with placeholder queries.';

const offline = createOfflinePolicy();

/**
 * A model (served over HTTP by the test) whose rollouts depend on the system prompt: without
 * `GOOD_HABIT` it first probes with a placeholder query that finds nothing (a needless call, and
 * the gold one call later), with it it searches with the question at once; either way it then
 * answers citing the files seen. `onlyFor`: the habit helps only on these questions (a candidate
 * that overfits the search slice). Proposer and judge prompts go to the offline policy
 * (`failProposer`: every proposer request gets a 500 instead; `judgeDown.value`: every rubric
 * request gets a 500 while it is true). Every reply reports `usage` so costs are known by hand:
 * 6,000 prompt and 800 completion tokens for a proposer or judge reply, 2,000 and 200 for a
 * rollout's (near what its prompts count, as the agent loop's token cap calibrates on them).
 */
const ROLLOUT_USAGE = { prompt: 2000, completion: 200 };

export function habitPolicy(
  options: { onlyFor?: ReadonlySet<string>; failProposer?: boolean; judgeDown?: { value: boolean } } = {},
): Policy {
  return {
    name: 'habit',
    stateful: false,
    async respond(request) {
      const usage = { prompt: 6000, completion: 800 };
      const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
      const question = request.messages.find((m) => m.role === 'user')?.content.trim() ?? '';
      const search = request.tools.find((t) => t.name === 'search_codebase');
      if (options.failProposer === true && readProposerInput(request.messages) !== null)
        return { type: 'error', status: 500, message: 'the proposer model is down' };
      if (options.judgeDown?.value === true && readRubricInput(request.messages) !== null)
        return { type: 'error', status: 500, message: 'the judge model is down' };
      if (search === undefined) {
        const turn = await offline.respond(request);
        return turn.type === 'reply' ? { ...turn, usage } : turn;
      }
      const good = system.includes(GOOD_HABIT) && (options.onlyFor?.has(question) ?? true);
      const calls = request.messages.flatMap((m) =>
        m.role === 'assistant' ? [...(m.tool_calls ?? [])] : [],
      );
      const plan = good ? [question] : ['zzqx qqzv', question];
      if (calls.length < plan.length) {
        const reply: PolicyReply = {
          type: 'reply',
          content: '',
          tool_calls: [{ name: 'search_codebase', arguments: { query: plan[calls.length]! } }],
          usage: ROLLOUT_USAGE,
        };
        return reply;
      }
      const files = [
        ...new Set(request.messages.flatMap((m) => (m.role === 'tool' ? pathsIn(m.content) : []))),
      ];
      return {
        type: 'reply',
        content: `Files seen: ${files.join(', ')}.`,
        tool_calls: [],
        usage: ROLLOUT_USAGE,
      };
    },
  };
}

/** A campaign config in `dir` from a shipped one, with the test's product, block and overrides. */
export function campaignFile(
  dir: string,
  axis: string,
  baseUrl: string,
  overrides: Record<string, unknown>,
): string {
  mkdirSync(dir, { recursive: true });
  const block = join(dir, 'block.yaml');
  writeFileSync(
    block,
    stringify({
      provider: 'openai',
      base_url: baseUrl,
      auth: { env: KEY_ENV },
      params: { max_tokens: 1000 },
      max_retries: 0,
    }),
  );
  const shipped = parse(readFileSync(join(ROOT, 'configs/optimize', `${axis}.yaml`), 'utf8')) as Record<
    string,
    unknown
  >;
  const file = join(dir, 'campaign.yaml');
  const config: Record<string, unknown> = {
    ...shipped,
    product: { repo: ROOT, manifest: 'agent-track.product.yaml' },
    llm_block: block,
    ...overrides,
  };
  if (config.judge !== undefined)
    config.judge = { ...(config.judge as object), rubric: join(ROOT, 'configs/judge/answer-rubric.md') };
  writeFileSync(file, stringify(config));
  return file;
}

/** Every file under a directory whose text contains `needle`. */
export function filesContaining(dir: string, needle: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...filesContaining(path, needle));
    else if (readFileSync(path).includes(needle)) found.push(path);
  }
  return found;
}
