import {
  RUNG_METRICS,
  type RungOverlay,
  type RungRun,
  rungRunSchema,
} from '../../../src/retrieval/rung/rung-schema.js';

/** An overlay summary written by hand: every metric at both levels, plus latency. */
function overlay(name: string, base: number, p50: number | null): RungOverlay {
  const summary = (['piece', 'file'] as const).flatMap((level) =>
    RUNG_METRICS.map((metric, i) => {
      const mean = Math.min(1, base + i * 0.04 + (level === 'file' ? 0.05 : 0));
      return { metric, level, mean, low: Math.max(0, mean - 0.1), high: Math.min(1, mean + 0.08), n: 3 };
    }),
  );
  return {
    name,
    files: [`configs/retrieval/${name}.yaml`],
    tasks: [],
    summary: [...summary, { metric: 'latency_ms', level: 'latency', mean: p50, low: p50, high: p50, n: 3 }],
    latency_p50_ms: p50,
    latency_p95_ms: p50 === null ? null : p50 * 3,
    search: { mode: 'lexical' as const, embedder: null, reranker: null, stand_in: false },
  };
}

/** A schema-valid saved rung run over `dataset`/`slice` with two overlays (one without latency when asked). */
export function sampleRung(options: { dataset?: string; slice?: string; latency?: boolean } = {}): RungRun {
  const dataset = options.dataset ?? 'fixture-code';
  const slice = options.slice ?? 'all';
  return rungRunSchema.parse({
    kind: 'retrieval-rung',
    split: `${dataset}/${slice}`,
    dataset,
    slice,
    limit: null,
    k: 10,
    created_at: '2026-01-01T00:00:00.000Z',
    overlays: [
      overlay('all-words', 0.6, 1.5),
      overlay('name-weighted', 0.7, options.latency === false ? null : 2.5),
    ],
  });
}
