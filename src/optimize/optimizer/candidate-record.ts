/** One candidate's record in the result: lineage, free checks, screening scores, decision. */
export interface CandidateRecord {
  id: string;
  parent: string | null;
  ancestors: string[];
  hash: string;
  operator: string;
  round: number;
  free_checks: { pass: boolean; reason: string | null };
  /** Mean objective per screening rung it ran on (tasks -> mean). */
  screening: { tasks: number; mean: number | null }[];
  /** Mean paired delta against the incumbent on the whole search slice, when it got there. */
  search_delta: number | null;
  /** Dollars booked for it (its proposer call and the tries before it, its rollouts, its judge samples); filled at the end. */
  cost_usd?: number;
  status:
    | 'rejected_free_check'
    | 'rejected_free_rung'
    | 'screened_out'
    | 'not_confirmed'
    | 'accepted'
    | 'rejected';
}
