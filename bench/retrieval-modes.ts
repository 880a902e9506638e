// Latency of each search mode (lexical, the earlier lexical defaults, graph-expanded, dense, fused by RRF and by weights) on a generated 5,000-file
// corpus, in process and through MCP stdio, with the offline endpoint's stand-in embedder over real
// HTTP on 127.0.0.1 (issue 19). Run: npm run bench:retrieval-modes. Ratios against lexical in the
// same run; the stand-in's vectors say nothing about a real embedder's quality, only about the cost
// of the scan, the fusion and the query's round trip.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import seedrandom from 'seedrandom';
import { stringify } from 'yaml';
import { startEndpoint } from '../src/agent/index.js';
import { denseSearcher } from '../src/product/embed/dense-searcher.js';
import { denseHits, readPieceVectors } from '../src/product/embed/piece-vectors.js';
import {
  buildIndex,
  DEFAULT_SERVING_CONFIG,
  embedBundle,
  embeddingsClient,
  loadServingConfig,
  openBundle,
  type ServingConfig,
  searchCodebase,
} from '../src/product/index.js';
import { generateCorpus, zipfWords } from './generate-corpus.js';

const ROOT = resolve(import.meta.dirname, '..');

function percentile(sorted: readonly number[], p: number): number {
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (rank - low);
}
const p50p95 = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
};

function queries(count: number): string[] {
  const rng = seedrandom('queries');
  const { draw } = zipfWords(5000);
  return Array.from({ length: count }, (_, i) =>
    i % 3 === 0
      ? `how does the ${draw(rng)} ${draw(rng)} handle ${draw(rng)}`
      : Array.from({ length: 2 + (i % 3) }, () => draw(rng)).join(' '),
  );
}

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-bench-modes-'));
const endpoint = await startEndpoint({ policy: 'offline' });
try {
  console.log(
    `node ${process.version}, ${cpus().length} cores; embedder: the offline stand-in (256 dimensions)`,
  );
  const corpus = join(scratch, 'corpus');
  const workspace = join(scratch, 'ws');
  generateCorpus(corpus, 5000, { vocabulary: 5000 });
  const lexical = loadServingConfig();
  const manifest = buildIndex({ corpus, out: workspace, config: lexical });
  const overlays = new Map<string, string>();
  const overlay = (name: string, hybrid: Record<string, unknown>) => {
    const file = join(scratch, `${name}.yaml`);
    writeFileSync(
      file,
      stringify({
        embeddings: {
          endpoint: endpoint.openaiBaseUrl,
          embedder: 'offline-embed',
          dimensions: 256,
          batch_size: 256,
        },
        hybrid,
      }),
    );
    overlays.set(name, file);
    return loadServingConfig(DEFAULT_SERVING_CONFIG, [file]);
  };
  // The words-only defaults before they were tuned on SWE-QA-Pro (issue 19, item 5).
  const earlierFile = join(scratch, 'lexical-earlier.yaml');
  writeFileSync(
    earlierFile,
    stringify({
      query: { common_term_cutoff: 0.05 },
      ranking: { path_weights: [], file_aggregation: { decay: 0.5, pieces: 3 } },
    }),
  );
  overlays.set('lexical-earlier', earlierFile);
  // Words, then the top hits' neighbours through the reference graph.
  const graphFile = join(scratch, 'graph-expanded.yaml');
  writeFileSync(graphFile, stringify({ graph: { expand: true } }));
  overlays.set('graph-expanded', graphFile);
  const modes: [string, ServingConfig][] = [
    ['lexical', lexical],
    ['lexical earlier', loadServingConfig(DEFAULT_SERVING_CONFIG, [earlierFile])],
    ['graph expanded', loadServingConfig(DEFAULT_SERVING_CONFIG, [graphFile])],
    ['dense', overlay('dense', { mode: 'dense' })],
    ['fused rrf', overlay('fused-rrf', { mode: 'fused', fusion: 'rrf' })],
    ['fused weighted', overlay('fused-weighted', { mode: 'fused', fusion: 'weighted' })],
  ];
  const denseConfig = modes.find(([name]) => name === 'dense')![1];
  const began = performance.now();
  const vectors = await embedBundle(workspace, denseConfig.embeddings!);
  console.log(
    `index: ${manifest.counts.files} files, ${manifest.counts.pieces} pieces in ${(manifest.build_ms / 1000).toFixed(1)} s; embedded ${vectors.pieces} pieces in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  const all = queries(400);
  const bundle = openBundle(workspace, lexical.ingestion);
  const stored = readPieceVectors(workspace, denseConfig.embeddings!)!;
  const client = embeddingsClient(denseConfig.embeddings!);
  const query = await client.query(all[0]!);
  const scan = all.slice(0, 200).map(() => {
    const t = performance.now();
    denseHits(stored, query, 200);
    return performance.now() - t;
  });
  const s = p50p95(scan);
  console.log(
    `flat cosine scan of ${stored.manifest.pieces} x 256 alone: p50 ${s.p50.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms`,
  );
  const inProcess = new Map<string, { p50: number; p95: number }>();
  for (const [name, config] of modes) {
    const dense = denseSearcher(workspace, config);
    const samples: number[] = [];
    for (const [i, q] of all.entries()) {
      const t = performance.now();
      searchCodebase(bundle, config, { query: q, ...(dense === null ? {} : { dense: await dense(q) }) });
      if (i >= 50) samples.push(performance.now() - t);
    }
    inProcess.set(name, p50p95(samples));
  }
  bundle.close();
  const viaMcp = new Map<string, { p50: number; p95: number }>();
  for (const [name] of modes) {
    const file = overlays.get(name.replace(' ', '-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/cli/bin.ts', 'serve', '--workspace', workspace].concat(
        file === undefined ? [] : ['--overlay', file],
      ),
      cwd: ROOT,
    });
    const mcp = new Client({ name: 'bench', version: '0' });
    await mcp.connect(transport);
    const samples: number[] = [];
    for (const [i, q] of all.slice(0, 250).entries()) {
      const t = performance.now();
      await mcp.callTool({ name: 'search_codebase', arguments: { query: q } });
      if (i >= 50) samples.push(performance.now() - t);
    }
    await mcp.close();
    viaMcp.set(name, p50p95(samples));
  }
  const base = { in: inProcess.get('lexical')!, mcp: viaMcp.get('lexical')! };
  console.log(
    '| mode | in-process p50 / p95 ms | x lexical (p50) | MCP stdio p50 / p95 ms | x lexical (p50) |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name] of modes) {
    const a = inProcess.get(name)!;
    const b = viaMcp.get(name)!;
    console.log(
      `| ${name} | ${a.p50.toFixed(2)} / ${a.p95.toFixed(2)} | ${(a.p50 / base.in.p50).toFixed(2)} | ${b.p50.toFixed(2)} / ${b.p95.toFixed(2)} | ${(b.p50 / base.mcp.p50).toFixed(2)} |`,
    );
  }
} finally {
  await endpoint.close();
  rmSync(scratch, { recursive: true, force: true });
}
