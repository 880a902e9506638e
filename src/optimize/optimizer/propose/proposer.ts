import { type Candidate, makeCandidate } from '../candidate.js';

/** What a proposer is told each round. */
export interface ProposalContext {
  /** 1-based round number; candidate ids are `c<round>.<index>`. */
  round: number;
  /** The artifact to improve on: every proposal's parent. */
  incumbent: Candidate;
  /** Hashes already proposed in this campaign (and the incumbent's): a proposer skips them. */
  seen: ReadonlySet<string>;
  /** How many candidates the round asks for. */
  count: number;
  /**
   * A paid proposer's per-call log (set by `loggedProposer`): `replay(i)` is what call i of this
   * round made before a kill (a candidate, `null` for a reply that made none, `undefined`: not
   * made), and `made(i, c)` records it as soon as it is paid for.
   */
  calls?: {
    replay(index: number): Candidate | null | undefined;
    made(index: number, candidate: Candidate | null): void;
  };
}

/**
 * Makes candidates. The reflective proposer (a model reading the worst trajectories) implements
 * this with a paid call; the operators here are deterministic, for tests and configuration axes.
 */
export interface Proposer {
  readonly name: string;
  propose(context: ProposalContext): Promise<Candidate[]>;
}

// Texts in order, minus those already seen, as the round's candidates (at most `limit`).
function fresh(
  texts: Iterable<string>,
  context: ProposalContext,
  operator: string,
  limit: number,
): Candidate[] {
  const out: Candidate[] = [];
  const taken = new Set(context.seen);
  for (const text of texts) {
    if (out.length >= limit) break;
    const candidate = makeCandidate({
      id: `c${context.round}.${out.length}`,
      parent: context.incumbent.id,
      text,
      operator,
    });
    if (taken.has(candidate.hash)) continue;
    taken.add(candidate.hash);
    out.push(candidate);
  }
  return out;
}

/**
 * Returns given texts: round r proposes `rounds[r - 1]` (up to `count`, repeats skipped), nothing
 * after the last round. The test double for the reflective proposer, and a way to try hand-written
 * variants through the same acceptance.
 *
 * @example
 * const proposer = scriptedProposer([['docs v2', 'docs v3'], ['docs v4']]);
 * await proposer.propose({ round: 1, incumbent, seen: new Set(), count: 4 }); // c1.0 'docs v2', c1.1 'docs v3'
 */
export function scriptedProposer(rounds: readonly (readonly string[])[]): Proposer {
  return {
    name: 'scripted',
    async propose(context) {
      return fresh(rounds[context.round - 1] ?? [], context, 'scripted', context.count);
    },
  };
}

/**
 * Walks a fixed list of texts (configuration points as canonical JSON), `count` unseen ones per
 * round, or all of them in the first round with `all: true` (screening then halves them).
 *
 * @example
 * enumerationProposer('grid', ['{"turn_cap":8}', '{"turn_cap":12}']);
 */
export function enumerationProposer(
  operator: string,
  texts: readonly string[],
  options: { all?: boolean } = {},
): Proposer {
  return {
    name: operator,
    async propose(context) {
      return fresh(texts, context, operator, options.all ? texts.length : context.count);
    },
  };
}
