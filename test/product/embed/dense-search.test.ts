import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { type RunningEndpoint, startEndpoint } from '../../../src/agent/index.js';
import { denseSearcher } from '../../../src/product/embed/dense-searcher.js';
import {
  buildIndex,
  connectSearch,
  DEFAULT_SERVING_CONFIG,
  embedBundle,
  loadServingConfig,
  openBundle,
  searchCodebase,
} from '../../../src/product/index.js';
import { fuse } from '../../../src/product/search/fuse.js';
import { ROOT } from '../helpers/workspace.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-dense-'));
const workspace = join(scratch, 'ws');
let endpoint: RunningEndpoint;
const overlay = (mode: string, extra: Record<string, unknown> = {}) => {
  const file = join(scratch, `${mode}.yaml`);
  writeFileSync(
    file,
    stringify({
      embeddings: { endpoint: endpoint.openaiBaseUrl, embedder: 'offline-embed', dimensions: 256 },
      hybrid: { mode, ...extra },
    }),
  );
  return file;
};

beforeAll(async () => {
  endpoint = await startEndpoint({ policy: 'offline' });
  buildIndex({ corpus: join(ROOT, 'fixtures/corpora/py-shop'), out: workspace, config: loadServingConfig() });
});
afterAll(async () => {
  await endpoint?.close();
  rmSync(scratch, { recursive: true, force: true });
});

test('fusion by reciprocal rank and by weighted scores, by hand', () => {
  const lexical = [
    { id: 1, score: 9 },
    { id: 2, score: 3 },
  ];
  const dense = [
    { id: 2, score: 0.8 },
    { id: 3, score: 0.5 },
  ];
  // rrf k 60: piece 2 is 2nd lexical and 1st dense, 1 is 1st lexical, 3 is 2nd dense.
  expect(fuse(lexical, dense, { fusion: 'rrf', rrf_k: 60, dense_weight: 0.5 })).toEqual([
    { id: 2, score: 1 / 62 + 1 / 61 },
    { id: 1, score: 1 / 61 },
    { id: 3, score: 1 / 62 },
  ]);
  // weighted, dense 0.25: scaled lexical 1 -> 1, 2 -> 0; dense 2 -> 1, 3 -> 0.
  expect(fuse(lexical, dense, { fusion: 'weighted', rrf_k: 60, dense_weight: 0.25 })).toEqual([
    { id: 1, score: 0.75 },
    { id: 2, score: 0.25 },
    { id: 3, score: 0 },
  ]);
});

test('dense and fused search over the stand-in embedder, in process and through the MCP server', async () => {
  const dense = loadServingConfig(DEFAULT_SERVING_CONFIG, [overlay('dense')]);
  // No vectors yet: a dense server is refused before it serves.
  expect(() => denseSearcher(workspace, dense)).toThrow(/has no vectors from the embedder `offline-embed`/);
  const vectors = await embedBundle(workspace, dense.embeddings!);
  const bundle = openBundle(workspace, dense.ingestion);
  try {
    expect(vectors.pieces).toBe(bundle.manifest.counts.pieces);
    expect(statSync(join(workspace, `vectors-${vectors.key}.f32`)).size).toBe(vectors.pieces * 256 * 4);
    const query = 'apply a discount code to the cart';
    const nearest = await denseSearcher(workspace, dense)!(query);
    const byMeaning = searchCodebase(bundle, dense, { query, limit: 5, dense: nearest });
    expect(byMeaning.hybrid).toBe('dense');
    expect(byMeaning.expression).toBeNull();
    expect(byMeaning.rows.map((row) => row.path)).toContain('shop/pricing.py');
    const fused = loadServingConfig(DEFAULT_SERVING_CONFIG, [overlay('fused')]);
    const both = searchCodebase(bundle, fused, { query, limit: 5, dense: nearest });
    const words = searchCodebase(bundle, loadServingConfig(), { query, limit: 5 });
    expect(both.hybrid).toBe('fused');
    // Fused, the top file by words and the top file by meaning both make the first five.
    const paths = both.rows.map((row) => row.path);
    expect(paths).toContain(words.rows[0]!.path);
    expect(paths).toContain(byMeaning.rows[0]!.path);
    expect(() => searchCodebase(bundle, fused, { query })).toThrow(/none was given/);
  } finally {
    bundle.close();
  }
  const client = await connectSearch({
    workspace,
    config: DEFAULT_SERVING_CONFIG,
    overlays: [overlay('fused')],
  });
  try {
    const before = endpoint.requests.filter((r) => r.path === '/v1/embeddings').length;
    const { rows } = await client.search('apply a discount code to the cart', 5);
    expect(rows.map((row) => row.path)).toContain('shop/pricing.py');
    // The query's vector came over HTTP from the server process.
    expect(endpoint.requests.filter((r) => r.path === '/v1/embeddings').length).toBe(before + 1);
  } finally {
    await client.close();
  }
});
