import type { ScoredPiece } from './piece-by-id.js';

/** A file ranked by its best pieces. `pieces` are its hits, best first. */
export interface FileHit<T extends ScoredPiece = ScoredPiece> {
  path: string;
  score: number;
  pieces: T[];
}

/**
 * Ranks files by their best pieces: a file's score is the sum over its top `pieces` hits of
 * `decay^i * score_i` (i from 0), so one strong piece outranks many weak ones while a second good
 * piece still counts. Ties keep the order of each file's best piece.
 *
 * @example
 * aggregateFiles(hits, { decay: 0.5, pieces: 3 }).map((file) => file.path);
 */
export function aggregateFiles<T extends ScoredPiece>(
  hits: readonly T[],
  options: { decay: number; pieces: number },
): FileHit<T>[] {
  const byPath = new Map<string, FileHit<T> & { order: number }>();
  for (const hit of hits) {
    let file = byPath.get(hit.path);
    if (file === undefined) {
      file = { path: hit.path, score: 0, pieces: [], order: byPath.size };
      byPath.set(hit.path, file);
    }
    if (file.pieces.length < options.pieces) file.score += hit.score * options.decay ** file.pieces.length;
    file.pieces.push(hit);
  }
  return [...byPath.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ path, score, pieces }) => ({ path, score, pieces }));
}
