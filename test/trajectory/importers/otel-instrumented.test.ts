import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOfflinePolicy } from '../../../src/agent/endpoint/offline-policy.js';
import { type RunningEndpoint, startEndpoint } from '../../../src/agent/endpoint/start-endpoint.js';
import { readTasks, type Task } from '../../../src/retrieval/index.js';
import {
  GENERIC_TOOL_ROLES,
  loadToolRoles,
  readTrajectory,
  type ScoredTrajectory,
  scorePath,
  type ToolRoles,
} from '../../../src/trajectory/index.js';
import { REPO, tempDir } from '../helpers.js';

// A user's own agent (the OpenAI SDK in a tool loop over the npm server-filesystem's MCP tools),
// traced by three OpenAI-SDK instrumentations nobody here wrote, against the offline endpoint. The
// traces are what those packages really emit; the agent's own record of what it did is the truth.
const AGENT = join(REPO, 'fixtures/bin/instrumented-agent.cjs');
// The same agent as LangChain writes it (LangGraph's prebuilt ReAct agent, ChatOpenAI, the MCP
// adapters), traced by OpenInference's LangChain instrumentation: TOOL spans this time.
const LANGCHAIN_AGENT = join(REPO, 'fixtures/bin/langchain-agent.mjs');
const SERVER = join(REPO, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const CORPUS = join(REPO, 'fixtures/corpora/py-shop');
const FILESYSTEM = loadToolRoles(join(REPO, 'fixtures/products/filesystem/agent-track.product.yaml'));

interface Truth {
  calls: { id: string; tool: string; args: Record<string, unknown>; ok: boolean; result: string }[];
  turns: number;
  usage: { prompt: number; completion: number };
  answer: string | null;
}

// The traces outlive each test (the helpers' temp directories do not).
const dir = mkdtempSync(join(tmpdir(), 'agent-track-instrumented-'));
let endpoint: RunningEndpoint;
let tasks: Map<string, Task>;
const runs = new Map<string, { trace: string; truth: Truth }>();

beforeAll(async () => {
  endpoint = await startEndpoint({ policy: createOfflinePolicy() });
  // Gold in the corpus's namespace: the agent's server prints absolute paths.
  const tasksFile = join(dir, 'tasks.jsonl');
  writeFileSync(
    tasksFile,
    `${JSON.stringify({ id: 'cart-total', question: 'How is the cart total computed?', gold: { files: ['shop/cart.py'] }, corpus: { dir: CORPUS } })}\n`,
  );
  tasks = new Map((await readTasks(tasksFile)).map((task) => [task.id, task]));
  for (const instrumentation of ['openinference', 'traceloop', 'otel-contrib']) {
    const trace = join(dir, `${instrumentation}.json`);
    const truth = join(dir, `${instrumentation}.truth.json`);
    await execa('node', [
      AGENT,
      ...['--instrumentation', instrumentation, '--base-url', endpoint.openaiBaseUrl],
      ...['--question', 'How is the cart total computed?', '--conversation', 'cart-total'],
      ...['--out', trace, '--truth', truth, '--', 'node', SERVER, CORPUS],
    ]);
    runs.set(instrumentation, { trace, truth: JSON.parse(readFileSync(truth, 'utf8')) as Truth });
  }
  const trace = join(dir, 'langchain.json');
  const truth = join(dir, 'langchain.truth.json');
  await execa('node', [
    LANGCHAIN_AGENT,
    ...['--base-url', endpoint.openaiBaseUrl, '--question', 'How is the cart total computed?'],
    ...['--conversation', 'cart-total', '--out', trace, '--truth', truth, '--', 'node', SERVER, CORPUS],
  ]);
  runs.set('langchain', { trace, truth: JSON.parse(readFileSync(truth, 'utf8')) as Truth });
}, 60_000);
afterAll(async () => {
  await endpoint?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function scored(trace: string, roles?: ToolRoles): Promise<ScoredTrajectory[]> {
  const out: ScoredTrajectory[] = [];
  const importDir = join(tempDir(), 'import');
  const options = roles === undefined ? {} : { roles, corpusRoot: CORPUS };
  for await (const item of scorePath(trace, { tasks, importDir, ...options })) out.push(item);
  return out;
}

describe('traces of the OpenAI SDK made by third-party instrumentations', () => {
  test.each(['openinference', 'traceloop'])(
    "%s: the calls are read from the chat spans' messages and score as the agent made them",
    async (instrumentation) => {
      const { trace, truth } = runs.get(instrumentation)!;
      // What the agent did, by hand: search, read the two files it found, answer; 4 model turns.
      expect(truth.calls.map((call) => call.tool)).toEqual([
        'search_files',
        'read_text_file',
        'read_text_file',
      ]);
      expect(truth.turns).toBe(4);
      const [item, ...rest] = await scored(trace, FILESYSTEM);
      expect(rest).toEqual([]);
      if (item?.error) throw item.error;
      const { metrics, warnings } = item!;
      expect(metrics.task_id).toBe('cart-total');
      expect(metrics.tool_calls_total).toBe(3);
      expect(metrics.calls_by_tool).toEqual({ search_files: 1, read_text_file: 2 });
      expect(metrics.turns).toBe(4);
      expect(metrics.outcome).toBe('answered');
      expect([metrics.usage?.prompt, metrics.usage?.completion]).toEqual([
        truth.usage.prompt,
        truth.usage.completion,
      ]);
      // Every call returned content: none is zero-yield under the product's own roles.
      expect([metrics.zero_yield_count, metrics.needless_calls]).toEqual([0, 0]);
      // The search's first path, made relative to the corpus, is the gold.
      expect([metrics.needle_reached, metrics.tool_calls_to_first_gold]).toEqual([true, 1]);
      expect(warnings).toContain(
        "the trace has no tool spans: its 3 call(s) are read from its model spans' messages (asked in one turn's output, answered in a later one's input), with no duration and no error flag",
      );
      // Each call as the agent made it: its tool, arguments and the whole result it was given.
      const trajectory = await readTrajectory(item!.source);
      expect(trajectory.result?.answer).toBe(truth.answer);
      expect(trajectory.events.map((event) => [event.tool, event.args])).toEqual(
        truth.calls.map((call) => [call.tool, call.args]),
      );
      for (const [index, event] of trajectory.events.entries())
        expect(trajectory.blobs.read(event.blob)).toBe(truth.calls[index]!.result);
      expect(trajectory.events[0]!.identifiers).toEqual(['shop/cart.py', 'tests/test_cart.py']);
    },
  );

  test('openinference-langchain: the TOOL spans are the calls, their ToolMessages unwrapped, their arguments the asked ones', async () => {
    const { trace, truth } = runs.get('langchain')!;
    expect(truth.calls.map((call) => call.tool)).toEqual([
      'search_files',
      'read_text_file',
      'read_text_file',
    ]);
    const [item, ...rest] = await scored(trace, FILESYSTEM);
    expect(rest).toEqual([]);
    if (item?.error) throw item.error;
    const { metrics, warnings } = item!;
    expect(metrics.task_id).toBe('cart-total');
    expect([metrics.tool_calls_total, metrics.turns, metrics.outcome]).toEqual([3, 4, 'answered']);
    expect([metrics.usage?.prompt, metrics.usage?.completion]).toEqual([
      truth.usage.prompt,
      truth.usage.completion,
    ]);
    expect([metrics.zero_yield_count, metrics.needless_calls]).toEqual([0, 0]);
    expect([metrics.needle_reached, metrics.tool_calls_to_first_gold]).toEqual([true, 1]);
    // The two single-argument reads record the path alone as their input: the turn's asked call has it whole.
    expect(
      warnings.filter((warning) => warning.includes('the arguments are the ones its turn asked for')),
    ).toHaveLength(2);
    const trajectory = await readTrajectory(item!.source);
    expect(trajectory.result?.answer).toBe(truth.answer);
    expect(trajectory.events.map((event) => [event.tool, event.args, event.ok])).toEqual(
      truth.calls.map((call) => [call.tool, call.args, true]),
    );
    // The result is the ToolMessage's content, what the model was given, not the serialized message.
    for (const [index, event] of trajectory.events.entries())
      expect(trajectory.blobs.read(event.blob)).toBe(truth.calls[index]!.result);
  });

  test('scored without roles, the same calls count under the generic ones', async () => {
    const [item] = await scored(runs.get('traceloop')!.trace);
    expect(item?.metrics?.tool_calls_total).toBe(3);
    expect(item?.metrics?.zero_yield_count).toBe(0);
    // Generic roles name no search or read tool: the gold metrics are undefined, not 0.
    expect(item?.metrics?.tool_calls_to_first_gold).toBeNull();
    expect(GENERIC_TOOL_ROLES.search).toEqual([]);
  });

  test('otel-contrib: the messages went to log events, so the trace is refused, not scored as a run without calls', async () => {
    const { trace } = runs.get('otel-contrib')!;
    const items = await scored(trace, FILESYSTEM);
    expect(items).toHaveLength(1);
    const error = items[0]!.error as Error & { code?: string };
    expect(error.code).toBe('TRANSCRIPT_UNSCORABLE');
    expect(error.message).toContain('(session `cart-total`)');
    expect(error.message).toContain(
      '3 model span(s) ended asking for tools (`tool_calls`), but the trace records none of the calls: no tool span, and no model span records its output messages',
    );
  });
});
