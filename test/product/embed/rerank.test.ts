import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { type RunningEndpoint, startEndpoint } from '../../../src/agent/index.js';
import { rerankClient } from '../../../src/product/embed/rerank-client.js';
import {
  buildIndex,
  connectSearch,
  DEFAULT_SERVING_CONFIG,
  loadServingConfig,
  openBundle,
} from '../../../src/product/index.js';
import { createCorpusReader } from '../../../src/product/server/corpus-reader.js';
import { searchCodebaseTool } from '../../../src/product/server/tools/search-codebase.js';
import type { RerankConfig } from '../../../src/product/serving/schema.js';
import { ROOT } from '../helpers/workspace.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-rerank-'));
const workspace = join(scratch, 'ws');
let endpoint: RunningEndpoint;
let silent: Server;
let silentUrl: string;
beforeAll(async () => {
  endpoint = await startEndpoint({ policy: 'offline' });
  // A reranker that never answers: the step must give up at its timeout.
  silent = createServer(() => {});
  await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
  buildIndex({ corpus: join(ROOT, 'fixtures/corpora/py-shop'), out: workspace, config: loadServingConfig() });
});
afterAll(async () => {
  await endpoint?.close();
  silent?.closeAllConnections();
  silent?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const config = (over: Partial<RerankConfig> = {}): RerankConfig => ({
  endpoint: endpoint.openaiBaseUrl,
  reranker: 'offline-rerank',
  shape: 'jina',
  top_n: 20,
  key_env: null,
  timeout_ms: 5000,
  document_chars: 4000,
  ...over,
});
const documents = ['README: install with pip', 'def cart_total(cart): sum the cart prices', 'class Order'];

describe('a rerank client in the four wire shapes', () => {
  test('jina and voyage shapes: the cart document first, top_n or top_k sent', async () => {
    const before = endpoint.requests.length;
    const jina = await rerankClient(config()).rerank('cart total', documents);
    const voyage = await rerankClient(config({ shape: 'voyage', top_n: 2 })).rerank('cart total', documents);
    expect(jina![0]).toBe(1);
    expect(voyage![0]).toBe(1);
    // Voyage asked for 2: the third document keeps its place after the scored ones.
    expect(voyage).toHaveLength(3);
    const bodies = endpoint.requests.slice(before).map((r) => r.body as Record<string, unknown>);
    expect(bodies.at(-2)).toMatchObject({ model: 'offline-rerank', query: 'cart total', top_n: 3 });
    expect(bodies.at(-1)).toMatchObject({ top_k: 2 });
    expect(bodies.at(-1)).not.toHaveProperty('top_n');
  });

  test('past its timeout the client answers null (keep the order); a refused key is never shown', async () => {
    expect(
      await rerankClient(config({ endpoint: silentUrl, timeout_ms: 100 })).rerank('x', documents),
    ).toBeNull();
    const secret = 'sk-rerank-test-0b7e2d';
    const server = createServer((req, res) => {
      res.writeHead(401).end(`no: ${req.headers.authorization}`);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = rerankClient(config({ endpoint: url, key_env: 'RERANK_KEY' }), { RERANK_KEY: secret });
      const error = (await client.rerank('x', documents).catch((e: Error) => e)) as Error;
      expect(error).toMatchObject({ code: 'RERANK_FAILED' });
      expect(error.message).toContain('HTTP 401');
      expect(error.message).not.toContain(secret);
    } finally {
      server.close();
    }
  });
});

test('search_codebase reranks its first rows; a reranker past its timeout keeps the order and is counted', async () => {
  const base = loadServingConfig();
  const bundle = openBundle(workspace, base.ingestion);
  try {
    const reader = createCorpusReader(bundle);
    const query = 'apply a discount code';
    const plain = await searchCodebaseTool.run(
      { bundle, config: base, reader, dense: null, rerank: null },
      { query },
    );
    const timing = {
      client: rerankClient(config({ endpoint: silentUrl, timeout_ms: 100 })),
      topN: 5,
      timeouts: 0,
    };
    const late = await searchCodebaseTool.run(
      { bundle, config: base, reader, dense: null, rerank: timing },
      { query },
    );
    expect(late.structured.rows).toEqual(plain.structured.rows);
    expect(late.structured).toMatchObject({ rerank: 'timed_out', rerank_timeouts: 1 });
    await searchCodebaseTool.run({ bundle, config: base, reader, dense: null, rerank: timing }, { query });
    expect(timing.timeouts).toBe(2);
  } finally {
    bundle.close();
  }
  // Through the MCP server with a rerank overlay: the offline endpoint is asked for each search.
  const file = join(scratch, 'rerank.yaml');
  writeFileSync(
    file,
    stringify({ rerank: { endpoint: endpoint.openaiBaseUrl, reranker: 'offline-rerank', top_n: 5 } }),
  );
  const client = await connectSearch({ workspace, config: DEFAULT_SERVING_CONFIG, overlays: [file] });
  try {
    const before = endpoint.requests.filter((r) => r.path === '/v1/rerank').length;
    const { rows } = await client.search('apply a discount code', 5);
    expect(rows.length).toBeGreaterThan(1);
    const asked = endpoint.requests.filter((r) => r.path === '/v1/rerank');
    expect(asked).toHaveLength(before + 1);
    expect((asked.at(-1)!.body as { documents: string[] }).documents).toHaveLength(5);
  } finally {
    await client.close();
  }
});
