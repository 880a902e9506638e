import { z } from 'zod';
import { confirmationEntrySchema } from '../optimizer/accept/confirmation-log.js';

const candidateViewSchema = z.object({
  id: z.string(),
  parent: z.string().nullable(),
  operator: z.string(),
  round: z.number().int(),
  free_checks: z.object({ pass: z.boolean(), reason: z.string().nullable() }),
  screening: z.array(z.object({ tasks: z.number().int(), mean: z.number().nullable() })),
  search_delta: z.number().nullable(),
  cost_usd: z.number().optional(),
  status: z.string(),
});

/**
 * The part of an optimize run's `result.json` its page reads (see `OptimizationResult`); other
 * keys are ignored, so a page opens a result written by a later version that only added keys.
 */
export const optimizeResultViewSchema = z.object({
  axis: z.string(),
  config: z.string(),
  dry_run: z.boolean(),
  stop: z.string(),
  stopped_by: z.string().nullable(),
  rounds: z.number().int(),
  search: z.object({ slice: z.string(), tasks: z.number().int() }),
  acceptance: z.object({ slice: z.string(), tasks: z.number().int() }),
  incumbent: z.object({ id: z.string(), search_mean: z.number().nullable() }),
  final: z.object({ id: z.string() }),
  candidates: z.array(candidateViewSchema),
  confirmations: z.array(confirmationEntrySchema),
  rollouts: z.number().int(),
  campaign_rollouts: z.number().int(),
  spend: z.object({ usd: z.number(), by_kind: z.record(z.string(), z.number()) }),
  diff: z.string().nullable(),
  judge: z.string(),
});

export type OptimizeResultView = z.infer<typeof optimizeResultViewSchema>;
