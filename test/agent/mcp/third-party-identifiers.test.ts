import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ToolCall } from '../../../src/agent/llm/providers/chat-provider.js';
import { openAgentProduct } from '../../../src/agent/manifest/agent-product.js';
import { connectMcpServer, type McpSession } from '../../../src/agent/mcp/mcp-session.js';
import { createRecordingProxy } from '../../../src/agent/mcp/recording-proxy.js';
import { DEFAULT_SERVING_CONFIG } from '../../../src/product/index.js';
import { scoreRanking } from '../../../src/retrieval/index.js';
import {
  computeMetrics,
  filePathExtractor,
  Recorder,
  resolveToolRoles,
  type ToolEvent,
} from '../../../src/trajectory/index.js';

// Two real npm MCP servers (pinned dev dependencies) over stdio, serving py-shop copied under a
// directory like `mktemp -d` makes (a dot) and a space, as a clone may sit: every identifier must
// be a corpus file, named relative to the corpus, and nothing of the directories above it.
const REPO = join(import.meta.dirname, '../../..');
const RIPGREP = join(REPO, 'node_modules/mcp-ripgrep/dist/index.js');
const base = mkdtempSync(join(tmpdir(), 'tmp.'));
const corpus = join(base, 'agent track', 'py-shop');
const sessions: McpSession[] = [];
const FINISHED = {
  answer: 'a',
  outcome: 'answered',
  turn_budget: null,
  turns: 2,
  timed_out: false,
  started_at: null,
  duration_ms: null,
} as const;
let recorded = 0;
let ripgrep: McpSession;
let filesystem: McpSession;

beforeAll(async () => {
  cpSync(join(REPO, 'fixtures/corpora/py-shop'), corpus, { recursive: true });
  // mcp-ripgrep runs `rg` as it is configured: files in path order, so the rows can be counted by hand.
  const config = join(base, 'ripgreprc');
  writeFileSync(config, '--sort=path\n');
  ripgrep = await connectMcpServer({
    command: process.execPath,
    args: [RIPGREP],
    cwd: corpus,
    env: { RIPGREP_CONFIG_PATH: config },
  });
  sessions.push(ripgrep);
  const product = openAgentProduct({
    dir: join(REPO, 'fixtures/products/filesystem'),
    config: DEFAULT_SERVING_CONFIG,
  });
  filesystem = await connectMcpServer(product.serverFor({ workspace: null, corpus }));
  sessions.push(filesystem);
}, 60_000);
afterAll(async () => {
  for (const session of sessions) await session.close();
  rmSync(base, { recursive: true, force: true });
});

async function record(session: McpSession, calls: [string, Record<string, unknown>][]): Promise<Recorder> {
  const run = join(base, 'runs', String(sessions.indexOf(session)), String(++recorded));
  const recorder = Recorder.create(join(run, 'tasks/t'), { taskId: 't', blobs: join(run, 'blobs') });
  const proxy = createRecordingProxy({ session, recorder, extractor: filePathExtractor(), corpus });
  for (const [index, [name, args]] of calls.entries()) {
    const id = `m${index}`;
    recorder.recordMessage({ id, finish_reason: 'tool_calls' });
    const call: ToolCall = { id: `c${index}`, name, arguments: args, arguments_raw: JSON.stringify(args) };
    await proxy.run([call], id);
  }
  return recorder;
}

const leaks = (events: readonly ToolEvent[]) =>
  events
    .flatMap((event) => [...event.identifiers, ...(event.rows ?? []).map((row) => row.path)])
    .filter((id) => id.includes('tmp.') || id.includes('agent track') || id.startsWith('/'));

describe('mcp-ripgrep: grep-like `path:line:text` rows', () => {
  test('rows are corpus files; file gold ranks distinct files (the fifth file is rank 5); no match is zero-yield', async () => {
    const recorder = await record(ripgrep, [
      ['search', { pattern: 'def ', path: corpus, filePattern: '*.py' }],
      ['search', { pattern: 'zzz_nowhere_zzz', path: corpus }],
    ]);
    const [hits, none] = recorder.events;
    // By hand (`rg -n --sort=path 'def ' -g '*.py'` in py-shop): cart.py 6 rows, cli.py 1,
    // inventory.py 6, models.py 1, orders.py 2, payments/gateway.py 4, payments/retry.py 2,
    // pricing.py 4, storage.py 4, tests/test_cart.py 2, tests/test_pricing.py 3: 35 rows, 11 files.
    expect(hits!.ok).toBe(true);
    expect(hits!.rows).toHaveLength(35);
    expect([...new Set(hits!.rows!.map((row) => row.path))]).toEqual([
      'shop/cart.py',
      'shop/cli.py',
      'shop/inventory.py',
      'shop/models.py',
      'shop/orders.py',
      'shop/payments/gateway.py',
      'shop/payments/retry.py',
      'shop/pricing.py',
      'shop/storage.py',
      'tests/test_cart.py',
      'tests/test_pricing.py',
    ]);
    expect(hits!.rows!.slice(14, 16)).toEqual([
      { path: 'shop/orders.py', start: 14, end: 14 },
      { path: 'shop/orders.py', start: 43, end: 43 },
    ]);
    expect(none!.identifiers).toEqual([]);
    expect(leaks(recorder.events)).toEqual([]);
    const trajectory = recorder.finish(FINISHED);
    const task = { id: 't', gold: { files: ['shop/orders.py'] } };
    const roles = resolveToolRoles({ search: ['search'], read: [], symbol: null, identified: ['search'] });
    const metrics = computeMetrics(trajectory, task, { roles });
    // orders.py is the fifth distinct file (row 15): recall@5 1, mrr 1/5.
    expect(metrics.search_calls[0]).toMatchObject({
      'recall@1': 0,
      'recall@5': 1,
      'recall@10': 1,
      mrr: 1 / 5,
    });
    // Ranked per line, as before, it fell past rank 10: recall@5 0, mrr 1/15.
    expect(scoreRanking(hits!.rows!, task, { ks: [5, 10] })).toMatchObject({
      'recall@5': 0,
      'recall@10': 0,
      mrr: 1 / 15,
    });
    expect(metrics.zero_yield_count).toBe(1);
  });
});

describe('@modelcontextprotocol/server-filesystem: listings, a JSON tree, metadata with timestamps', () => {
  test('each names corpus files only, relative to the corpus; the timestamps and directories name none', async () => {
    const recorder = await record(filesystem, [
      ['search_files', { path: corpus, pattern: '**/retry*' }],
      ['directory_tree', { path: join(corpus, 'shop/payments') }],
      ['get_file_info', { path: join(corpus, 'shop/cart.py') }],
      ['list_directory', { path: join(corpus, 'shop/payments') }],
      ['get_file_info', { path: join(corpus, 'shop') }],
    ]);
    const [search, tree, info, listing, dirInfo] = recorder.events;
    expect(recorder.events.every((event) => event.ok)).toBe(true);
    expect(search!.identifiers).toEqual(['shop/payments/retry.py']);
    // directory_tree is JSON (`name`, `type`, `children`), names relative to the directory asked for.
    expect(JSON.parse(recorder.blobs.read(tree!.blob) ?? 'null')).toEqual(expect.any(Array));
    expect([...tree!.identifiers].sort()).toEqual([
      'shop/payments/__init__.py',
      'shop/payments/gateway.py',
      'shop/payments/retry.py',
    ]);
    // get_file_info prints `created: <date>`, `modified: <date>` ...: only the file asked about.
    expect(recorder.blobs.read(info!.blob)).toMatch(/modified: .*\d{2}:\d{2}:\d{2}/);
    expect(info!.identifiers).toEqual(['shop/cart.py']);
    // `[FILE] retry.py`: a bare name printed relative to the listed directory.
    expect([...listing!.identifiers].sort()).toEqual([
      'shop/payments/__init__.py',
      'shop/payments/gateway.py',
      'shop/payments/retry.py',
    ]);
    // A directory is no file: its metadata names nothing.
    expect(dirInfo!.identifiers).toEqual([]);
    expect(leaks(recorder.events)).toEqual([]);
  });
});
