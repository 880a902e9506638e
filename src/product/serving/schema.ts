import { z } from 'zod';

/**
 * What the index is built from. Every key here changes the bundle, so its hash is recorded in the
 * bundle and a server refuses a bundle built with other values.
 */
export const IngestionSchema = z
  .object({
    /** A piece longer than this many lines is cut into windows. */
    max_piece_lines: z.number().int().min(5).max(5000).prefault(120),
    /** Lines per window for files with no language cutter and for code outside any symbol. */
    window_lines: z.number().int().min(5).max(2000).prefault(60),
    /** Files larger than this are skipped (not indexed, not readable). */
    max_file_bytes: z.number().int().min(1).max(50_000_000).prefault(1_000_000),
    /** Directory names never entered (hidden directories are always skipped). */
    exclude_dirs: z
      .array(z.string().min(1))
      .prefault(['node_modules', 'dist', 'build', '__pycache__', 'vendor', 'target', 'venv']),
    /** Index the parts of camelCase identifiers too (`getUserById` also as `get user by id`). */
    split_identifiers: z.boolean().prefault(true),
    /** Porter stemming in the FTS5 tokenizer (`parsing` finds `parse`). */
    stemming: z.boolean().prefault(true),
    /** Build the reference graph (calls, imports, bases) that `get_references` and `graph` read. */
    references: z.boolean().prefault(true),
  })
  .strict();

/** How a query string becomes an FTS5 match expression. */
export const QuerySchema = z
  .object({
    /** `all`: every word must appear in a piece; `any`: any word may, ranked by BM25. */
    mode: z.enum(['all', 'any']).prefault('any'),
    /** Drop English stop words (`the`, `how`, `does`...) from the query. */
    stop_words: z.boolean().prefault(true),
    /** In `all` mode, retry as `any` when every word together finds nothing. */
    fallback_to_any: z.boolean().prefault(true),
    /**
     * In `any` mode, a word in more than this share of all pieces is common: it still scores, but
     * only pieces matching a rarer word are ranked (all words common: pieces holding every word,
     * then any). 0 turns this off: every piece matching any word is scored (slow on big corpora).
     */
    common_term_cutoff: z.number().min(0).max(1).prefault(0.2),
  })
  .strict();

/** BM25 column weights: a match in a piece's name counts `name` times a match in its text. */
export const WeightsSchema = z
  .object({
    name: z.number().min(0).max(100).prefault(6),
    path: z.number().min(0).max(100).prefault(2),
    text: z.number().min(0).max(100).prefault(1),
  })
  .strict();

/** A file scored by its best pieces: score = sum over its top `pieces` of decay^i * piece score. */
export const FileAggregationSchema = z
  .object({
    enabled: z.boolean().prefault(true),
    decay: z.number().min(0).max(1).prefault(0.6),
    pieces: z.number().int().min(1).max(20).prefault(4),
  })
  .strict();

/**
 * Tests, documentation and data files count half: agents' questions are answered by source files
 * far more often (measured on held-out SWE-QA-Pro questions, `bench/lexical-quality.ts`).
 */
export const DEFAULT_PATH_WEIGHTS = [
  { glob: '**/{test,tests,testing}/**', weight: 0.5 },
  { glob: '**/{test_*,*_test,conftest}.py', weight: 0.5 },
  { glob: '**/*.{test,spec}.{ts,tsx,js,jsx,mjs}', weight: 0.5 },
  { glob: '*_test.go', weight: 0.5 },
  {
    glob: '*.{md,rst,txt,adoc,html,htm,ipynb,json,yaml,yml,toml,cfg,ini,lock,csv,patch,svg,xml}',
    weight: 0.5,
  },
  { glob: '{LICENSE,CHANGELOG,CHANGES,HISTORY,AUTHORS,NOTICE}*', weight: 0.5 },
];

/** A path rule: a piece of a file the glob matches has its score multiplied by `weight`. */
export const PathWeightSchema = z
  .object({
    glob: z.string().min(1),
    weight: z.number().min(0).max(10),
  })
  .strict();

export const RankingSchema = z
  .object({
    weights: WeightsSchema.prefault({}),
    file_aggregation: FileAggregationSchema.prefault({}),
    /** Score multipliers by path, the first matching glob's (tests, docs, data files ranked down). */
    path_weights: z.array(PathWeightSchema).max(50).prefault(DEFAULT_PATH_WEIGHTS),
  })
  .strict();

/** What a tool result looks like. */
export const ResponseSchema = z
  .object({
    /** Rows returned by `search_codebase` when the call names no `limit`. */
    top_k: z.number().int().min(1).max(100).prefault(10),
    /** The largest `limit` a call may ask for. */
    max_limit: z.number().int().min(1).max(200).prefault(50),
    /** `concise`: one line per row; `detailed`: adds signatures, scores and a snippet. */
    format: z.enum(['concise', 'detailed']).prefault('concise'),
    /** End results with arrow-prefixed follow-up calls (`then: → read_file(...)`). */
    pointers: z.boolean().prefault(true),
    /** Lines one `read_file` call returns at most; a longer range ends with a pointer onwards. */
    max_read_lines: z.number().int().min(10).max(5000).prefault(400),
    /** Bytes of text one result carries at most (cut on a line boundary, with a note). */
    max_bytes: z.number().int().min(1024).max(1_000_000).prefault(60_000),
    /** Put each search row's source in `structuredContent.rows[].text` (what body-equivalence gold needs). */
    row_text: z.boolean().prefault(true),
  })
  .strict()
  .refine((response) => response.top_k <= response.max_limit, {
    message: 'must be at most `response.max_limit`: a search with no `limit` could not return it',
    path: ['top_k'],
  });

/**
 * An OpenAI-compatible embeddings endpoint for dense search (`null`: words only). Its key is named
 * by environment variable, never written here. Changing the embedder or its prefixes needs new
 * vectors (a new bundle).
 */
export const EmbeddingsSchema = z
  .object({
    /**
     * The base URL the client appends `/embeddings` to (`http://127.0.0.1:8080/v1`); `offline`: the
     * offline endpoint an optimizer dry run starts (resolved when its serving files are written).
     */
    endpoint: z.union([z.literal('offline'), z.url()]),
    /** The model name sent as `model` (`offline-embed`: the offline endpoint's stand-in). */
    embedder: z.string().min(1),
    dimensions: z.number().int().min(2).max(8192),
    /** Send `dimensions` in the request (models that truncate, such as text-embedding-3-*). */
    send_dimensions: z.boolean().prefault(false),
    /** Text put before each query and each piece (bge, e5 and Qwen3-Embedding want one). */
    query_prefix: z.string().prefault(''),
    document_prefix: z.string().prefault(''),
    /** The environment variable holding the key; `null` for an endpoint that needs none. */
    key_env: z
      .string()
      .regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name')
      .nullable()
      .prefault(null),
    batch_size: z.number().int().min(1).max(2048).prefault(64),
    timeout_ms: z.number().int().min(100).max(600_000).prefault(30_000),
    /** Tries again after a reset connection, a 429 or a 5xx. */
    max_retries: z.number().int().min(0).max(10).prefault(2),
  })
  .strict();

/**
 * A rerank step over the first `top_n` rows through a `/rerank` endpoint (`null`: none). `shape`
 * picks the wire: `cohere`, `jina` and `llamacpp` send `top_n` and read `results[]`; `voyage` sends
 * `top_k` and reads `data[]`. A call past `timeout_ms` keeps the rows' order (and is counted).
 */
export const RerankSchema = z
  .object({
    /** The base URL the client appends `/rerank` to (`https://api.cohere.com/v2`, `http://127.0.0.1:8012/v1`). */
    endpoint: z.union([z.literal('offline'), z.url()]),
    /** The reranker's name sent as `model`. */
    reranker: z.string().min(1),
    shape: z.enum(['cohere', 'jina', 'voyage', 'llamacpp']).prefault('jina'),
    top_n: z.number().int().min(2).max(200).prefault(20),
    key_env: z
      .string()
      .regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name')
      .nullable()
      .prefault(null),
    timeout_ms: z.number().int().min(50).max(120_000).prefault(5000),
    /** Characters of each row's text sent as its document. */
    document_chars: z.number().int().min(100).max(100_000).prefault(4000),
  })
  .strict();

/**
 * How lexical and dense results combine: `lexical` (BM25 only, the default), `dense` (cosine over
 * the pieces' vectors only) or `fused` (both lists, by reciprocal rank or by weighted scores);
 * dense and fused need `embeddings`.
 */
export const HybridSchema = z
  .object({
    mode: z.enum(['lexical', 'dense', 'fused']).prefault('lexical'),
    /** `rrf`: sum of 1 / (rrf_k + rank); `weighted`: each list's scores min-max scaled, then mixed. */
    fusion: z.enum(['rrf', 'weighted']).prefault('rrf'),
    rrf_k: z.number().int().min(1).max(1000).prefault(60),
    /** Weighted fusion: the dense list's share (the lexical list's is 1 minus it). */
    dense_weight: z.number().min(0).max(1).prefault(0.5),
    /** Pieces each list brings to the fusion. */
    candidates: z.number().int().min(10).max(2000).prefault(200),
  })
  .strict();

/**
 * The directions along the reference graph (what `get_references` answers and a graph expansion
 * follows): what calls or imports a symbol, what it calls or imports, its bases and subclasses.
 */
export const REFERENCE_DIRECTIONS = ['callers', 'callees', 'inherits'] as const;
export type ReferenceDirection = (typeof REFERENCE_DIRECTIONS)[number];

/**
 * Search through the reference graph (off by default): the 1-hop neighbours of the top `top` hits
 * (pieces they reference, pieces referencing them, along `directions`) join the hits with the
 * hit's score times `decay`, a piece already ranked keeping its better score, before files are
 * aggregated. Needs a bundle built with `ingestion.references`.
 */
export const GraphSchema = z
  .object({
    expand: z.boolean().prefault(false),
    decay: z.number().min(0).max(1).prefault(0.5),
    top: z.number().int().min(1).max(100).prefault(5),
    directions: z
      .array(z.enum(REFERENCE_DIRECTIONS))
      .min(1)
      .prefault([...REFERENCE_DIRECTIONS]),
  })
  .strict();

/**
 * The serving config of the reference code-search server (`configs/serving/default.yaml`), and
 * the shape every retrieval overlay must keep after it is deep-merged over it.
 */
export const ServingConfigSchema = z
  .object({
    ingestion: IngestionSchema.prefault({}),
    query: QuerySchema.prefault({}),
    ranking: RankingSchema.prefault({}),
    response: ResponseSchema.prefault({}),
    embeddings: EmbeddingsSchema.nullable().prefault(null),
    hybrid: HybridSchema.prefault({}),
    rerank: RerankSchema.nullable().prefault(null),
    graph: GraphSchema.prefault({}),
  })
  .strict()
  .refine((config) => config.hybrid.mode === 'lexical' || config.embeddings !== null, {
    message: 'dense and fused search need an `embeddings` endpoint',
    path: ['hybrid', 'mode'],
  })
  .refine((config) => !config.graph.expand || config.ingestion.references, {
    message: 'graph expansion follows the reference graph: it needs `ingestion.references`',
    path: ['graph', 'expand'],
  });

export type EmbeddingsConfig = z.infer<typeof EmbeddingsSchema>;
export type HybridConfig = z.infer<typeof HybridSchema>;
export type RerankConfig = z.infer<typeof RerankSchema>;
export type GraphConfig = z.infer<typeof GraphSchema>;
export type ServingConfig = z.infer<typeof ServingConfigSchema>;
export type IngestionConfig = z.infer<typeof IngestionSchema>;
export type QueryConfig = z.infer<typeof QuerySchema>;
export type RankingConfig = z.infer<typeof RankingSchema>;
export type ResponseConfig = z.infer<typeof ResponseSchema>;
