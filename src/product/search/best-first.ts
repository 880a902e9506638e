/** A scored piece id. */
export interface Scored {
  id: number;
  score: number;
}

/**
 * Keeps the best `limit` of a stream of scored ids offered in ascending id order, best first,
 * ties by id (the first offered stays ahead): no sort of the whole stream. The kept ones sit in a
 * binary heap with the worst at its root, so an offer that enters costs log(limit), not a shift
 * of the kept list (a search offers ~4,000 matches for 160 places).
 *
 * @example
 * const best = bestFirst(2);
 * best.offer(1, 0.5); best.offer(2, 0.9); best.offer(3, 0.5);
 * best.rows(); // [{ id: 2, score: 0.9 }, { id: 1, score: 0.5 }]
 */
export function bestFirst(limit: number): {
  offer: (id: number, score: number) => void;
  rows: () => Scored[];
} {
  const ids = new Float64Array(Math.max(limit, 0));
  const scores = new Float64Array(Math.max(limit, 0));
  let size = 0;
  // Whether slot a ranks below slot b: a lower score, or the same score and a later id.
  const below = (a: number, b: number) =>
    scores[a]! < scores[b]! || (scores[a] === scores[b] && ids[a]! > ids[b]!);
  const swap = (a: number, b: number) => {
    [ids[a], ids[b]] = [ids[b]!, ids[a]!];
    [scores[a], scores[b]] = [scores[b]!, scores[a]!];
  };
  return {
    offer(id, score) {
      if (limit <= 0) return;
      let at: number;
      if (size < limit) {
        at = size++;
        ids[at] = id;
        scores[at] = score;
        while (at > 0 && below(at, (at - 1) >> 1)) {
          swap(at, (at - 1) >> 1);
          at = (at - 1) >> 1;
        }
        return;
      }
      // Ids come in ascending order: a tie with the worst kept is later, so it stays out.
      if (score <= scores[0]!) return;
      ids[0] = id;
      scores[0] = score;
      at = 0;
      for (;;) {
        const left = 2 * at + 1;
        let least = at;
        if (left < size && below(left, least)) least = left;
        if (left + 1 < size && below(left + 1, least)) least = left + 1;
        if (least === at) break;
        swap(at, least);
        at = least;
      }
    },
    rows: () =>
      Array.from({ length: size }, (_, slot) => ({ id: ids[slot]!, score: scores[slot]! })).sort(
        (a, b) => b.score - a.score || a.id - b.id,
      ),
  };
}
