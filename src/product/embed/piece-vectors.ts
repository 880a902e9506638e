import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { BUNDLE_DATABASE } from '../bundle/manifest.js';
import { bestFirst } from '../search/best-first.js';
import type { EmbeddingsConfig } from '../serving/schema.js';
import { embeddingsClient } from './embeddings-client.js';

/** The vectors' files in a workspace, one pair per embedder (`embedderKey`), so overlays with two embedders share a bundle. */
export const vectorsFile = (key: string) => `vectors-${key}.f32`;
export const vectorsManifest = (key: string) => `vectors-${key}.json`;

/** The characters of a piece (name, path, then its text) sent to the embedder. */
const PIECE_CHARS = 4000;

const vectorsManifestSchema = z
  .object({
    /** What fixes the vectors: the embedder, its dimensions and prefixes (`embedderKey`). */
    key: z.string(),
    embedder: z.string(),
    dimensions: z.number().int().min(1),
    pieces: z.number().int().min(0),
    /** Tokens the endpoint said it read (`null`: it did not say). */
    prompt_tokens: z.number().int().min(0).nullable(),
    built_at: z.string(),
    build_ms: z.number().min(0),
  })
  .strict();
export type VectorsManifest = z.infer<typeof vectorsManifestSchema>;

/** The pieces' vectors, unit length, piece id `i` at row `i - 1`. */
export interface PieceVectors {
  manifest: VectorsManifest;
  data: Float32Array;
}

/**
 * What fixes a bundle's vectors: the embedder, its dimensions and its prefixes (the endpoint's
 * address does not: the same model elsewhere gives the same vectors).
 *
 * @example
 * embedderKey(config.embeddings!); // '0c9f…'
 */
export function embedderKey(config: EmbeddingsConfig): string {
  const { embedder, dimensions, query_prefix, document_prefix } = config;
  return createHash('sha256')
    .update(JSON.stringify({ embedder, dimensions, query_prefix, document_prefix }))
    .digest('hex')
    .slice(0, 16);
}

/** A workspace's vectors for `config`, or `null` when none were made or they are another embedder's. */
export function readPieceVectors(workspace: string, config: EmbeddingsConfig): PieceVectors | null {
  const key = embedderKey(config);
  const manifestFile = join(workspace, vectorsManifest(key));
  if (!existsSync(manifestFile)) return null;
  const manifest = vectorsManifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  if (manifest.key !== key) return null;
  const bytes = readFileSync(join(workspace, vectorsFile(key)));
  const data = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  return { manifest, data };
}

/**
 * Embeds every piece of a workspace's bundle through the configured endpoint (its name, path and
 * text, cut to 4,000 characters, after the document prefix) and writes the unit vectors beside
 * the bundle (`vectors-<key>.f32`, then `vectors-<key>.json`, each by rename), so a kill leaves the old
 * vectors or none. Returns what it wrote.
 *
 * @example
 * const manifest = await embedBundle('/tmp/ws', config.embeddings!);
 * manifest.pieces; // 96
 */
export async function embedBundle(
  workspace: string,
  config: EmbeddingsConfig,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<VectorsManifest> {
  const began = performance.now();
  const db = new Database(join(workspace, BUNDLE_DATABASE), { readonly: true, fileMustExist: true });
  let texts: string[];
  try {
    const rows = db
      .prepare(
        'SELECT p.name, p.start, p."end", f.path, f.content FROM pieces p JOIN files f ON f.id = p.file_id ORDER BY p.id',
      )
      .all() as { name: string; start: number; end: number; path: string; content: string }[];
    const lines = new Map<string, string[]>();
    texts = rows.map((row) => {
      let fileLines = lines.get(row.path);
      if (fileLines === undefined) {
        fileLines = row.content.split(/\r?\n/);
        lines.set(row.path, fileLines);
      }
      const body = fileLines.slice(row.start - 1, row.end).join('\n');
      return `${row.name} ${row.path}\n${body}`.slice(0, PIECE_CHARS);
    });
  } finally {
    db.close();
  }
  const embedded = await embeddingsClient(config, env).documents(texts);
  const data = new Float32Array(texts.length * config.dimensions);
  embedded.vectors.forEach((vector, row) => {
    let norm = 0;
    for (const v of vector) norm += v * v;
    const scale = norm === 0 ? 0 : 1 / Math.sqrt(norm);
    for (let d = 0; d < config.dimensions; d++) data[row * config.dimensions + d] = vector[d]! * scale;
  });
  const manifest: VectorsManifest = {
    key: embedderKey(config),
    embedder: config.embedder,
    dimensions: config.dimensions,
    pieces: texts.length,
    prompt_tokens: embedded.promptTokens,
    built_at: new Date().toISOString(),
    build_ms: Math.round(performance.now() - began),
  };
  const file = join(workspace, vectorsFile(manifest.key));
  writeFileSync(`${file}.tmp`, Buffer.from(data.buffer));
  renameSync(`${file}.tmp`, file);
  const manifestFile = join(workspace, vectorsManifest(manifest.key));
  writeFileSync(`${manifestFile}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${manifestFile}.tmp`, manifestFile);
  return manifest;
}

/**
 * The `limit` pieces nearest a query vector by cosine, a flat scan over every piece (ties by piece
 * id), as `{ id, score }` with ids 1-based like the bundle's.
 *
 * @example
 * denseHits(vectors, await client.query('parse config'), 50)[0]; // { id: 12, score: 0.61 }
 */
export function denseHits(
  vectors: PieceVectors,
  query: readonly number[],
  limit: number,
): { id: number; score: number }[] {
  const { dimensions, pieces } = vectors.manifest;
  let norm = 0;
  for (const v of query) norm += v * v;
  const scale = norm === 0 ? 0 : 1 / Math.sqrt(norm);
  const q = Float64Array.from(query);
  const data = vectors.data;
  const ids = new Int32Array(pieces);
  const scores = new Float64Array(pieces);
  for (let row = 0; row < pieces; row++) {
    let dot = 0;
    const base = row * dimensions;
    for (let d = 0; d < dimensions; d++) dot += data[base + d]! * q[d]!;
    ids[row] = row + 1;
    scores[row] = dot * scale;
  }
  // The best `limit` (ties by piece id), selected without a sort of every piece.
  return bestFirst(ids, scores, limit);
}
