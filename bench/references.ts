// Index-time cost of the reference graph (issue 19, item 4): the same corpus indexed with
// `ingestion.references` off and on, interleaved in one run, so the ratio is of like with like.
// Run: npm run bench:references [-- rounds]. Not a timed test: figures go in the closing note.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIndex } from '../src/product/index-build/build-index.js';
import { parseServingConfig } from '../src/product/serving/load-serving-config.js';
import { generateCorpus } from './generate-corpus.js';

const ROOT = resolve(import.meta.dirname, '..');
const rounds = Number(process.argv[2] ?? 5);
const withRefs = parseServingConfig([]);
const withoutRefs = parseServingConfig([{ file: 'no-refs', data: { ingestion: { references: false } } }]);

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function bench(label: string, corpus: string, workspace: string): void {
  const times = { off: [] as number[], on: [] as number[] };
  let references = 0;
  let pieces = 0;
  for (let round = 0; round < rounds; round += 1) {
    // Alternate which goes first, so a warm cache favours neither.
    const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    for (const side of order) {
      const began = performance.now();
      const manifest = buildIndex({ corpus, out: workspace, config: side === 'on' ? withRefs : withoutRefs });
      times[side].push(performance.now() - began);
      if (side === 'on') ({ references, pieces } = manifest.counts);
    }
  }
  // The fastest of each side is the least disturbed by the rest of the machine; the median is shown beside it.
  const [off, on] = [Math.min(...times.off), Math.min(...times.on)];
  const [offMedian, onMedian] = [median(times.off), median(times.on)];
  console.log(
    `${label}: ${pieces} pieces, ${references} references; index over ${rounds} rounds, fastest: without ${(off / 1000).toFixed(2)} s, with ${(on / 1000).toFixed(2)} s = ${(on / off).toFixed(3)}x; median: ${(offMedian / 1000).toFixed(2)} s, ${(onMedian / 1000).toFixed(2)} s = ${(onMedian / offMedian).toFixed(3)}x`,
  );
}

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-bench-refs-'));
try {
  console.log(`node ${process.version}, ${cpus().length} cores`);
  const corpus = join(scratch, 'corpus');
  generateCorpus(corpus, 5000, { vocabulary: 5000 });
  bench('generated 5,000 files (Zipf, 5,000 words)', corpus, join(scratch, 'ws'));
  bench('own source', ROOT, join(scratch, 'own'));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
