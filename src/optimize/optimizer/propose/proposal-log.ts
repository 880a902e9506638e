import { z } from 'zod';
import { openJsonlLog } from '../../../core/index.js';
import { type Candidate, makeCandidate } from '../candidate.js';
import type { Proposer } from './proposer.js';

const candidateSchema = z
  .object({ id: z.string(), parent: z.string().nullable(), operator: z.string(), text: z.string() })
  .strict();

/**
 * One line of `proposals.jsonl`: a whole round as made (`candidates`), or one paid call of a round
 * in progress (`index`, `candidate`: `null` for a reply that made none). A resumed campaign replays
 * them instead of asking (and paying) again.
 */
export const proposalLineSchema = z.union([
  z
    .object({
      round: z.number().int().positive(),
      incumbent_hash: z.string(),
      candidates: z.array(candidateSchema),
    })
    .strict(),
  z
    .object({
      round: z.number().int().positive(),
      incumbent_hash: z.string(),
      index: z.number().int().min(0),
      candidate: candidateSchema.nullable(),
    })
    .strict(),
]);

type ProposalLine = z.infer<typeof proposalLineSchema>;
const fields = ({ id, parent, operator, text }: Candidate) => ({ id, parent, operator, text });

/**
 * Wraps a proposer with `proposals.jsonl`: a round already proposed against the same incumbent is
 * replayed from the file (same ids, same texts, no call); any other is asked of `inner` and logged
 * (unless it came back empty). A paid proposer also logs each call as it is paid for
 * (`context.calls`), so a kill mid-round replays the calls made and pays only for the rest.
 *
 * @example
 * const proposer = loggedProposer(reflectiveProposer(options), 'runs/o/proposals.jsonl');
 */
export function loggedProposer(inner: Proposer, file: string): Proposer {
  const log = openJsonlLog(file, proposalLineSchema, 'proposal log');
  const lines = log.records;
  return {
    name: inner.name,
    async propose(context) {
      const same = (l: ProposalLine) =>
        l.round === context.round && l.incumbent_hash === context.incumbent.hash;
      const done = lines.find((l) => same(l) && 'candidates' in l);
      if (done !== undefined && 'candidates' in done) return done.candidates.map((c) => makeCandidate(c));
      const calls = new Map<number, Candidate | null>();
      for (const l of lines)
        if (same(l) && 'index' in l)
          calls.set(l.index, l.candidate === null ? null : makeCandidate(l.candidate));
      const candidates = await inner.propose({
        ...context,
        calls: {
          replay: (index) => calls.get(index),
          made: (index, candidate) => {
            const line = {
              round: context.round,
              incumbent_hash: context.incumbent.hash,
              index,
              candidate: candidate === null ? null : fields(candidate),
            };
            log.append(line);
            lines.push(line);
          },
        },
      });
      // An empty round (a proposer that failed, or ran out) is asked again by a resumed campaign.
      if (candidates.length === 0) return candidates;
      const line = {
        round: context.round,
        incumbent_hash: context.incumbent.hash,
        candidates: candidates.map(fields),
      };
      log.append(line);
      lines.push(line);
      return candidates;
    },
  };
}
