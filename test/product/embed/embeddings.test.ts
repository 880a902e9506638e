import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningEndpoint, startEndpoint } from '../../../src/agent/index.js';
import {
  type EmbeddingsConfig,
  embeddingsClient,
  parseServingConfig,
  resolveOfflineEndpoints,
  standInEmbedding,
} from '../../../src/product/index.js';

let endpoint: RunningEndpoint;
beforeAll(async () => {
  endpoint = await startEndpoint({ policy: 'offline' });
});
afterAll(async () => endpoint?.close());

const config = (over: Partial<EmbeddingsConfig> = {}): EmbeddingsConfig => ({
  endpoint: endpoint.openaiBaseUrl,
  embedder: 'offline-embed',
  dimensions: 64,
  send_dimensions: true,
  query_prefix: '',
  document_prefix: '',
  key_env: null,
  batch_size: 2,
  timeout_ms: 5000,
  max_retries: 0,
  ...over,
});
const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe('the stand-in embedder', () => {
  test('one word is one signed bucket; two words and their pair are damped and normalised', () => {
    const one = standInEmbedding('alpha', 1024).filter((v) => v !== 0);
    expect(one.map(Math.abs)).toEqual([1]);
    // 'alpha beta': w:alpha 1, w:beta 1, p:alpha beta 0.5 -> [1, 1, sqrt(0.5)] / sqrt(2.5).
    const two = standInEmbedding('alpha beta', 1024)
      .filter((v) => v !== 0)
      .map(Math.abs)
      .sort();
    expect(two[0]).toBeCloseTo(Math.sqrt(0.5) / Math.sqrt(2.5), 12);
    expect(two[1]).toBeCloseTo(1 / Math.sqrt(2.5), 12);
    expect(two[2]).toBeCloseTo(1 / Math.sqrt(2.5), 12);
    // Stop words carry nothing; identifiers split: getUserById is get user by id.
    expect(standInEmbedding('the of and', 64).every((v) => v === 0)).toBe(true);
    expect(standInEmbedding('getUserById', 256)).toEqual(standInEmbedding('get user id', 256));
  });
});

describe('an OpenAI-compatible embeddings client over HTTP', () => {
  test('the offline endpoint serves the stand-in: batched, in order, unit vectors, the same twice', async () => {
    const client = embeddingsClient(config());
    const texts = [
      'def parse_config(path): read the config file',
      'class ShoppingCart: add item',
      'cart total',
    ];
    const first = await client.documents(texts);
    expect(first.vectors).toHaveLength(3);
    for (const v of first.vectors) expect(cosine(v, v)).toBeCloseTo(1, 12);
    expect(first.vectors[1]).toEqual(standInEmbedding(texts[1]!, 64));
    expect((await client.documents(texts)).vectors).toEqual(first.vectors);
    // Two requests of 2 and 1 inputs; usage is the stand-in's words: def parse config path read config
    // file (7), class shopping cart add item (5), cart total (2).
    const posts = endpoint.requests.filter((r) => r.path === '/v1/embeddings');
    expect(posts.slice(0, 2).map((r) => (r.body as { input: string[] }).input.length)).toEqual([2, 1]);
    expect(first.promptTokens).toBe(14);
    const query = await client.query('where is the config parsed');
    expect(cosine(query, first.vectors[0]!)).toBeGreaterThan(cosine(query, first.vectors[1]!));
  });

  test('prefixes go before each text; a vector of the wrong size is refused by name', async () => {
    const before = endpoint.requests.length;
    await embeddingsClient(config({ query_prefix: 'query: ', document_prefix: 'passage: ' })).documents([
      'x',
    ]);
    expect((endpoint.requests[before]!.body as { input: string[] }).input).toEqual(['passage: x']);
    const wrong = embeddingsClient(config({ send_dimensions: false }));
    await expect(wrong.query('x')).rejects.toMatchObject({
      code: 'EMBEDDINGS_FAILED',
      message: expect.stringContaining('a vector of 256 dimensions, not the configured 64'),
    });
  });

  test('the key comes from the variable named, is sent as a bearer token and never shown', async () => {
    const secret = 'sk-embed-test-91fa0c';
    const server = createServer((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `bad key ${req.headers.authorization}` }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      expect(() => embeddingsClient(config({ endpoint: url, key_env: 'EMBED_TEST_KEY' }), {})).toThrow(
        /EMBED_TEST_KEY/,
      );
      const client = embeddingsClient(config({ endpoint: url, key_env: 'EMBED_TEST_KEY' }), {
        EMBED_TEST_KEY: secret,
      });
      const error = await client.query('x').catch((e: Error) => e);
      expect(error).toMatchObject({
        code: 'EMBEDDINGS_FAILED',
        message: expect.stringContaining('HTTP 401'),
      });
      expect((error as Error).message).toContain('Bearer [key]');
      expect((error as Error).message).not.toContain(secret);
    } finally {
      server.close();
    }
  });

  test('a serving config names its embeddings endpoint; a model key there is refused by name', () => {
    const parsed = parseServingConfig([
      {
        data: {
          embeddings: { endpoint: 'http://127.0.0.1:8080/v1', embedder: 'bge-small', dimensions: 384 },
        },
        file: 'serving.yaml',
      },
    ]);
    expect(parsed.embeddings).toMatchObject({ embedder: 'bge-small', batch_size: 64, key_env: null });
    expect(parseServingConfig([{ data: {}, file: 'serving.yaml' }]).embeddings).toBeNull();
    expect(() =>
      parseServingConfig([
        {
          data: { embeddings: { model: 'x', endpoint: 'http://h/v1', embedder: 'e', dimensions: 8 } },
          file: 's.yaml',
        },
      ]),
    ).toThrow(/embeddings\.model/);
  });

  test("`endpoint: offline` is a dry run's endpoint: written as its URL, refused by name anywhere else", () => {
    const overlay = {
      embeddings: { endpoint: 'offline', embedder: 'offline-embed', dimensions: 64 },
      rerank: { endpoint: 'offline', reranker: 'offline-rerank' },
      query: { mode: 'any' },
    };
    expect(resolveOfflineEndpoints(overlay, 'http://127.0.0.1:5/v1')).toEqual({
      embeddings: { endpoint: 'http://127.0.0.1:5/v1', embedder: 'offline-embed', dimensions: 64 },
      rerank: { endpoint: 'http://127.0.0.1:5/v1', reranker: 'offline-rerank' },
      query: { mode: 'any' },
    });
    expect(overlay.embeddings.endpoint).toBe('offline');
    expect(() => embeddingsClient(config({ endpoint: 'offline' }))).toThrow(
      expect.objectContaining({ code: 'OFFLINE_ENDPOINT_UNRESOLVED' }),
    );
  });
});
