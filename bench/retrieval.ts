// Index throughput and search latency of the reference code-search server (issue 4, "Speed").
// Run: npm run bench:retrieval. Not a timed test: figures go in bench/README.md. Ends with
// `{"bench":"retrieval","figures":{p50_ms, p95_ms}}`: the default search, in process, over 5,000
// generated files with a Zipf vocabulary.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import seedrandom from 'seedrandom';
import { openBundle } from '../src/product/bundle/open-bundle.js';
import { buildIndex } from '../src/product/index-build/build-index.js';
import { searchCodebase } from '../src/product/search/search-codebase.js';
import { parseServingConfig } from '../src/product/serving/load-serving-config.js';
import type { ServingConfig } from '../src/product/serving/schema.js';
import { benchLine } from './bench-line.js';
import { generateCorpus, VOCABULARY, zipfWords } from './generate-corpus.js';

const ROOT = resolve(import.meta.dirname, '..');
const config = parseServingConfig([]);

function percentile(sorted: readonly number[], p: number): number {
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (rank - low);
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(3)} ms, p95 ${percentile(sorted, 0.95).toFixed(3)} ms (n=${samples.length})`;
}

/** Queries of 2-4 words (a third phrased as questions), drawn like the corpus words. */
function queries(count: number, vocabulary: number): string[] {
  const rng = seedrandom('queries');
  const zipf = vocabulary > 0 ? zipfWords(vocabulary).draw : null;
  const pick = () => (zipf ? zipf(rng) : VOCABULARY[Math.floor(rng() * VOCABULARY.length)]!);
  return Array.from({ length: count }, (_, i) =>
    i % 3 === 0
      ? `how does the ${pick()} ${pick()} handle ${pick()}`
      : Array.from({ length: 2 + (i % 3) }, pick).join(' '),
  );
}

function benchIndex(label: string, corpus: string, workspace: string): void {
  const began = performance.now();
  const manifest = buildIndex({ corpus, out: workspace, config });
  const seconds = (performance.now() - began) / 1000;
  const { files, pieces } = manifest.counts;
  console.log(
    `${label}: index ${files} files, ${pieces} pieces in ${seconds.toFixed(2)} s = ${(files / seconds).toFixed(0)} files/s, ${(pieces / seconds).toFixed(0)} pieces/s`,
  );
}

function benchInProcess(
  label: string,
  workspace: string,
  variant: ServingConfig,
  name: string,
  vocabulary: number,
): { p50: number; p95: number } {
  const bundle = openBundle(workspace, variant.ingestion);
  const all = queries(600, vocabulary);
  for (const query of all.slice(0, 100)) searchCodebase(bundle, variant, { query });
  const samples = all.slice(100).map((query) => {
    const began = performance.now();
    searchCodebase(bundle, variant, { query });
    return performance.now() - began;
  });
  bundle.close();
  console.log(`${label}: search in-process (${name}) ${summary(samples)}`);
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

async function benchStdio(label: string, workspace: string, vocabulary: number): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/cli/bin.ts', 'serve', '--workspace', workspace],
    cwd: ROOT,
  });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  const all = queries(300, vocabulary);
  for (const query of all.slice(0, 50))
    await client.callTool({ name: 'search_codebase', arguments: { query } });
  const samples: number[] = [];
  for (const query of all.slice(50)) {
    const began = performance.now();
    await client.callTool({ name: 'search_codebase', arguments: { query } });
    samples.push(performance.now() - began);
  }
  await client.close();
  console.log(`${label}: search through MCP stdio (round trip) ${summary(samples)}`);
}

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-bench-'));
// The issue-36 figure: the default search over the 5,000 generated files with a Zipf vocabulary.
let zipf: { p50: number; p95: number } | null = null;
try {
  console.log(`node ${process.version}, ${cpus().length} cores`);
  benchIndex('own source', ROOT, join(scratch, 'own'));
  benchInProcess('own source', join(scratch, 'own'), config, 'default', 5000);
  const allWords = parseServingConfig([{ file: 'all-words', data: { query: { mode: 'all' } } }]);
  const pieces = parseServingConfig([
    { file: 'no-agg', data: { ranking: { file_aggregation: { enabled: false } } } },
  ]);
  for (const [label, vocabulary] of [
    ['generated 5,000 files (Zipf, 5,000 words)', 5000],
    ['generated 5,000 files (dense, 100 words)', 0],
  ] as const) {
    const corpus = join(scratch, `corpus-${vocabulary}`);
    const workspace = join(scratch, `ws-${vocabulary}`);
    generateCorpus(corpus, 5000, { vocabulary });
    benchIndex(label, corpus, workspace);
    const latency = benchInProcess(
      label,
      workspace,
      config,
      'default: any words, file aggregation',
      vocabulary,
    );
    if (vocabulary === 5000) zipf = latency;
    benchInProcess(label, workspace, allWords, 'all words', vocabulary);
    benchInProcess(label, workspace, pieces, 'no file aggregation', vocabulary);
    await benchStdio(label, workspace, vocabulary);
  }
  benchLine('retrieval', { p50_ms: zipf?.p50 ?? null, p95_ms: zipf?.p95 ?? null });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
