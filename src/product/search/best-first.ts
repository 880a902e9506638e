/** A scored piece id. */
export interface Scored {
  id: number;
  score: number;
}

/**
 * Keeps the best `limit` of a stream of scored ids offered in ascending id order, best first,
 * ties by id (the first offered stays ahead): no sort of the whole stream.
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
  const top: Scored[] = [];
  return {
    offer(id, score) {
      if (limit <= 0 || (top.length === limit && score <= top[limit - 1]!.score)) return;
      let at = top.length;
      while (at > 0 && top[at - 1]!.score < score) at--;
      top.splice(at, 0, { id, score });
      if (top.length > limit) top.pop();
    },
    rows: () => top,
  };
}
