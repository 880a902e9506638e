import { z } from 'zod';
import { appendJsonlLine, readJsonlLog, repairTornTail } from '../campaign/jsonl-log.js';
import { makeCandidate } from '../search/candidate.js';
import type { Proposer } from '../search/proposers/proposer.js';

/** One round's proposals as made: a resumed campaign replays them instead of asking (and paying) again. */
export const proposalLineSchema = z
  .object({
    round: z.number().int().positive(),
    incumbent_hash: z.string(),
    candidates: z.array(
      z
        .object({ id: z.string(), parent: z.string().nullable(), operator: z.string(), text: z.string() })
        .strict(),
    ),
  })
  .strict();

/**
 * Wraps a proposer with `proposals.jsonl`: a round already proposed against the same incumbent is
 * replayed from the file (same ids, same texts, no call); any other is asked of `inner` and logged
 * (unless it came back empty).
 *
 * @example
 * const proposer = loggedProposer(reflectiveProposer(options), 'runs/o/proposals.jsonl');
 */
export function loggedProposer(inner: Proposer, file: string): Proposer {
  repairTornTail(file, (line) => proposalLineSchema.safeParse(JSON.parse(line)).success);
  const lines = readJsonlLog(file, proposalLineSchema, 'proposal log').records;
  return {
    name: inner.name,
    async propose(context) {
      const done = lines.find(
        (l) => l.round === context.round && l.incumbent_hash === context.incumbent.hash,
      );
      if (done !== undefined) return done.candidates.map((c) => makeCandidate(c));
      const candidates = await inner.propose(context);
      // An empty round (a proposer that failed, or ran out) is asked again by a resumed campaign.
      if (candidates.length === 0) return candidates;
      const line = {
        round: context.round,
        incumbent_hash: context.incumbent.hash,
        candidates: candidates.map(({ id, parent, operator, text }) => ({ id, parent, operator, text })),
      };
      appendJsonlLine(file, line);
      lines.push(line);
      return candidates;
    },
  };
}
