import { z } from 'zod';

const scores = z.record(z.string(), z.number().nullable());

/** One task's search under one overlay: the rows it got, their scores, and the round trip. */
export const rungTaskSchema = z
  .object({
    task_id: z.string(),
    corpus: z.string(),
    latency_ms: z.number().nullable(),
    rows: z.array(
      z
        .object({
          path: z.string(),
          start: z.number().optional(),
          end: z.number().optional(),
          name: z.string().optional(),
        })
        .strict(),
    ),
    /** First 1-based rank of each gold item among the pieces (null: not found). */
    gold_ranks: z.record(z.string(), z.number().nullable()).nullable(),
    piece: scores,
    file: scores,
    error: z.string().optional(),
  })
  .strict();

/** A metric over the tasks: mean with its 95% bootstrap interval, and how many tasks defined it. */
export const rungSummaryRowSchema = z
  .object({
    metric: z.string(),
    level: z.enum(['piece', 'file', 'latency']),
    mean: z.number().nullable(),
    low: z.number().nullable(),
    high: z.number().nullable(),
    n: z.number().int(),
  })
  .strict();

export const rungOverlaySchema = z
  .object({
    name: z.string(),
    files: z.array(z.string()),
    tasks: z.array(rungTaskSchema),
    summary: z.array(rungSummaryRowSchema),
    latency_p50_ms: z.number().nullable(),
    latency_p95_ms: z.number().nullable(),
    /** How it searched: words, meaning or both, the embedder and reranker, and whether either is the offline stand-in. */
    search: z
      .object({
        mode: z.enum(['lexical', 'dense', 'fused']),
        embedder: z.string().nullable(),
        reranker: z.string().nullable(),
        stand_in: z.boolean(),
      })
      .strict()
      .default({ mode: 'lexical', embedder: null, reranker: null, stand_in: false }),
  })
  .strict();

/** A saved run of the free retrieval rung (`agent-track retrieval --out FILE`). */
export const rungRunSchema = z
  .object({
    kind: z.literal('retrieval-rung'),
    split: z.string(),
    dataset: z.string(),
    slice: z.string(),
    limit: z.number().int().nullable(),
    k: z.number().int(),
    created_at: z.string(),
    overlays: z.array(rungOverlaySchema),
  })
  .strict();

export type RungTask = z.infer<typeof rungTaskSchema>;
export type RungSummaryRow = z.infer<typeof rungSummaryRowSchema>;
export type RungOverlay = z.infer<typeof rungOverlaySchema>;
export type RungRun = z.infer<typeof rungRunSchema>;

/** The headline metrics: the score figure's bars and what the free rung may screen by. */
export const RUNG_METRICS = ['recall@1', 'recall@5', 'recall@10', 'mrr', 'ndcg@10'] as const;

/** Every ranked metric a rung task carries (k = 10), summarised with its interval, in print order. */
export const RUNG_SUMMARY_METRICS = [
  'recall@1',
  'recall@5',
  'recall@10',
  'fractional_recall@1',
  'fractional_recall@5',
  'fractional_recall@10',
  'mrr',
  'map@10',
  'ndcg@10',
  'precision@1',
  'coverage',
  'pass@1-needle',
] as const;

/** The summary metrics that are 0/1 per task (paired by McNemar's exact test). */
export const RUNG_BINARY_METRICS: ReadonlySet<string> = new Set([
  'recall@1',
  'recall@5',
  'recall@10',
  'precision@1',
  'pass@1-needle',
]);
