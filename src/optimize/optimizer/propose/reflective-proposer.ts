import {
  artifactFromReply,
  type ChatMessage,
  type ChatProvider,
  type CompletionResult,
  proposerMessages,
} from '../../../agent/index.js';
import { type Candidate, makeCandidate } from '../candidate.js';
import type { Axis } from '../config/config-schema.js';
import type { Proposer } from './proposer.js';

export interface ReflectiveProposerOptions {
  axis: Axis;
  provider: ChatProvider;
  model: string;
  /** What went worst with the incumbent (`worstRuns`), read fresh each round. */
  evidence: (incumbent: Candidate) => Promise<string>;
  /** Books one call at its worst case before it is made (throws when it would cross the ceiling); returns its key. */
  reserve: (key: string, messages: readonly ChatMessage[]) => string;
  /** Settles a booked call at what it cost. */
  settle: (key: string, result: CompletionResult) => void;
  log?: (line: string) => void;
}

/**
 * The reflective proposer: per proposal one paid call in which a model reads the incumbent's
 * artifact and the runs that went worst with it (needless calls and why, gold missed, the judge's
 * reasons) and writes the whole changed artifact, so each candidate carries one change. Proposal
 * i of round r is asked as variant (r - 1) * count + i, so rounds without an acceptance ask for
 * other changes. A reply without an artifact, or one already seen, yields no candidate (its call
 * is still paid); so does a call that fails (its booking stays at the worst case). With the offline endpoint as its model it is the dry run's free proposer.
 *
 * @example
 * const proposer = reflectiveProposer({ axis: 'tool_docs', provider, model, evidence, reserve, settle });
 * await proposer.propose({ round: 1, incumbent, seen: new Set([incumbent.hash]), count: 4 });
 */
export function reflectiveProposer(options: ReflectiveProposerOptions): Proposer {
  const log = options.log ?? (() => {});
  return {
    name: 'reflective',
    async propose(context) {
      const evidence = await options.evidence(context.incumbent);
      const taken = new Set(context.seen);
      const out: Candidate[] = [];
      for (let i = 0; i < context.count; i++) {
        const replayed = context.calls?.replay(i);
        if (replayed !== undefined) {
          if (replayed !== null && !taken.has(replayed.hash)) {
            taken.add(replayed.hash);
            out.push(replayed);
          }
          continue;
        }
        const messages = proposerMessages({
          axis: options.axis,
          artifact: context.incumbent.text,
          variant: (context.round - 1) * context.count + i,
          of: context.count,
          evidence,
        });
        // Keyed by the candidate it would make, so a candidate's cost includes the failed tries before it.
        const key = options.reserve(`proposer/c${context.round}.${out.length}`, messages);
        let result: CompletionResult;
        try {
          result = await options.provider.complete({ model: options.model, messages, tools: [] });
        } catch (error) {
          // One failed call loses one proposal, not the campaign; its booking stays at the worst case.
          log(`  proposal ${i + 1} failed: ${(error as Error).message}`);
          continue;
        }
        options.settle(key, result);
        const parsed = artifactFromReply(result.message.content);
        if (!parsed.ok) {
          context.calls?.made(i, null);
          log(`  proposal ${i + 1} gave no artifact: ${parsed.issue}`);
          continue;
        }
        const candidate = makeCandidate({
          id: `c${context.round}.${out.length}`,
          parent: context.incumbent.id,
          text: parsed.text,
          operator: 'reflective',
        });
        context.calls?.made(i, taken.has(candidate.hash) ? null : candidate);
        if (taken.has(candidate.hash)) {
          log(`  proposal ${i + 1} repeats an artifact already tried`);
          continue;
        }
        taken.add(candidate.hash);
        out.push(candidate);
      }
      return out;
    },
  };
}
