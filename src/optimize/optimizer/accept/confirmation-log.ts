import { z } from 'zod';
import { AgentTrackError } from '../../../core/index.js';
import type { Candidate } from '../candidate.js';
import { heldOutLookSchema } from './confirm-looks.js';
import { confirmationAlpha } from './confirmation-alpha.js';
import { guardResultSchema } from './guard-tests.js';

/** One confirmation on the held-out slice, as logged (one JSONL line of the campaign). */
export const confirmationEntrySchema = z
  .object({
    /** 1-based: the k-th confirmation of the campaign. */
    index: z.number().int().positive(),
    candidate: z.string(),
    parent: z.string().nullable(),
    hash: z.string(),
    incumbent: z.string(),
    incumbent_hash: z.string(),
    slice: z.string(),
    test: z.enum(['wilcoxon', 'mcnemar', 'clustered']),
    /** Clusters the held-out pairs spanned, when the test was `clustered`. */
    clusters: z.number().int().optional(),
    pairs: z.number().int().min(0),
    delta: z.number().nullable(),
    low: z.number().nullable(),
    high: z.number().nullable(),
    pvalue: z.number().nullable(),
    /** The corrected level this confirmation was tested at. */
    alpha: z.number(),
    margin: z.number(),
    decision: z.enum(['accepted', 'rejected']),
    reason: z.string(),
    /** The guard objectives' non-inferiority tests (absent in a log written before guards existed). */
    guards: z.array(guardResultSchema).optional(),
    /** A confirmation in looks (`acceptance.looks`): each look's tasks, z, boundary and decision. */
    looks: z.array(heldOutLookSchema).optional(),
  })
  .strict();

export type ConfirmationEntry = z.infer<typeof confirmationEntrySchema>;

/**
 * Every confirmation a campaign made on its held-out slice, in order. It makes the slice a
 * budget: at most m confirmations, each at the corrected level `confirmationAlpha` gives, and a
 * rejected candidate gets no fresh shot: not itself, not the same artifact under another id, not
 * any candidate descended from it. Rebuilt from its entries on resume.
 *
 * @example
 * const log = new ConfirmationLog({ alpha: 0.05, maxConfirmations: 5 });
 * log.nextAlpha(); // 0.01
 * log.refusal(candidate, ['c1.0', 'incumbent']); // null, or why it may not be confirmed
 */
export class ConfirmationLog {
  readonly alpha: number;
  readonly maxConfirmations: number;
  readonly #entries: ConfirmationEntry[] = [];

  constructor(
    options: { alpha: number; maxConfirmations: number },
    entries: readonly ConfirmationEntry[] = [],
  ) {
    this.alpha = options.alpha;
    this.maxConfirmations = options.maxConfirmations;
    confirmationAlpha({ ...this.state(), alpha: this.alpha });
    for (const entry of entries) this.append(confirmationEntrySchema.parse(entry));
  }

  get entries(): readonly ConfirmationEntry[] {
    return this.#entries;
  }

  get accepted(): number {
    return this.#entries.filter((e) => e.decision === 'accepted').length;
  }

  private state() {
    return {
      alpha: this.alpha,
      maxConfirmations: this.maxConfirmations,
      made: this.#entries.length,
      accepted: this.accepted,
    };
  }

  /** The level the next confirmation is tested at; `null` when the m confirmations are spent. */
  nextAlpha(): number | null {
    return confirmationAlpha(this.state());
  }

  /**
   * Why `candidate` may not be confirmed now, or `null` when it may. Ask before paying for its
   * held-out rollouts. `ancestors` are its lineage, nearest first (`ancestorsOf`).
   */
  refusal(candidate: Pick<Candidate, 'id' | 'hash'>, ancestors: readonly string[]): string | null {
    if (this.nextAlpha() === null) {
      return `the held-out slice's ${this.maxConfirmations} confirmation(s) are spent`;
    }
    for (const entry of this.#entries) {
      if (entry.candidate === candidate.id) {
        return `\`${candidate.id}\` was confirmed already (#${entry.index}, ${entry.decision})`;
      }
      if (entry.decision !== 'rejected') continue;
      if (entry.hash === candidate.hash) {
        return `its artifact is the one \`${entry.candidate}\` had, rejected at confirmation #${entry.index}`;
      }
      if (ancestors.includes(entry.candidate)) {
        return `it descends from \`${entry.candidate}\`, rejected at confirmation #${entry.index}`;
      }
    }
    return null;
  }

  /** Records a confirmation; its index must be the next one and its level the corrected one. */
  append(entry: ConfirmationEntry): void {
    const expected = this.#entries.length + 1;
    const level = this.nextAlpha();
    if (entry.index !== expected || level === null || Math.abs(entry.alpha - level) > 1e-12) {
      throw new AgentTrackError(
        'CONFIRMATION_OUT_OF_ORDER',
        `Expected confirmation #${expected} at level \`${level}\`, got #${entry.index} at \`${entry.alpha}\``,
        { data: { expected, level, index: entry.index, alpha: entry.alpha } },
      );
    }
    this.#entries.push(entry);
  }
}
