import { z } from 'zod';

/**
 * The `tools` config: which tools play which role for the trajectory metrics. Every key is
 * optional (a missing key takes the reference server's value); an unknown key is refused by name.
 */
export const toolsConfigSchema = z
  .object({
    /** Tools whose calls are searches: each returns ranked rows. */
    search: z.array(z.string().min(1)).optional(),
    /** The tool that resolves a qualified name directly; `null` when the product has none. */
    symbol: z.string().min(1).nullable().optional(),
    /** Fetch tools: a call reads named targets (files, symbols) rather than searching. */
    read: z.array(z.string().min(1)).optional(),
    /** Single-target tool -> its batch counterpart. */
    batch: z.record(z.string().min(1), z.string().min(1)).optional(),
    /**
     * Tools beyond the ones named above whose identifiers say exactly what a call returned (a call
     * of one that identified nothing found nothing); every other tool yields by its content.
     * Default: the reference server's `grep`.
     */
    identified: z.array(z.string().min(1)).optional(),
    /**
     * Tools that pass the task on (to a human, another agent): a run whose last call is one ends
     * `handoff`. Default: none.
     */
    handoff: z.array(z.string().min(1)).optional(),
  })
  .strict();

export type ToolsConfig = z.infer<typeof toolsConfigSchema>;
