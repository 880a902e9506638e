import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { AgentTrackError, describeIssues, readYamlFile } from '../../core/index.js';
import { marginsSchema, ruleRow } from '../../report/index.js';
import type { BeforeAfterFlags } from './before-after-flags.js';

const rowKey = (option: string) =>
  z.string().superRefine((key, ctx) => {
    try {
      ruleRow(option, key);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

/**
 * A team's evaluation, committed next to its code (`--eval-config FILE`): the split, the model and
 * its block, the tasks and repeats, the decision rule, the margins and the ceiling. Each key is the
 * flag of the same name; a flag given on the command line wins over the file.
 */
export const evalConfigSchema = z
  .object({
    split: z.string().min(1),
    model: z.string().min(1),
    /** Relative to the config file. */
    llm_block: z.string().min(1),
    limit: z.number().int().positive().max(1_000_000),
    repeats: z.number().int().positive().max(1000),
    primary: rowKey('primary'),
    guards: z.array(rowKey('guards')),
    margins: marginsSchema(),
    max_usd: z.number().nonnegative().max(1e6),
    concurrency: z.number().int().positive().max(256),
  })
  .partial()
  .strict();

export type EvalConfig = z.infer<typeof evalConfigSchema>;

/** Reads and checks an evaluation config, refusing an unknown key or a bad value by name with the file. */
export function loadEvalConfig(file: string): EvalConfig {
  const value = readYamlFile(file, 'evaluation config') ?? {};
  const parsed = evalConfigSchema.safeParse(value);
  if (!parsed.success) {
    throw new AgentTrackError(
      'INVALID_EVAL_CONFIG',
      `The evaluation config \`${file}\` is refused: ${describeIssues(parsed.error.issues, value)}`,
      { data: { file } },
    );
  }
  return parsed.data;
}

// Each config key and the flag it stands for (commander's attribute name).
const FLAG_OF = {
  split: 'split',
  model: 'model',
  llm_block: 'llmBlock',
  limit: 'limit',
  repeats: 'repeats',
  primary: 'primary',
  guards: 'guard',
  margins: 'margin',
  max_usd: 'maxUsd',
  concurrency: 'concurrency',
} as const satisfies Record<keyof EvalConfig, keyof BeforeAfterFlags>;

/**
 * The flags with `--eval-config`'s values filled in wherever the command line did not give the flag
 * (commander's option source is not `cli`): the command line wins, key by key; `llm_block` is read
 * relative to the config file.
 *
 * @example
 * withEvalConfig(flags, command); // flags.split from the file when --split was not given
 */
export function withEvalConfig<T extends BeforeAfterFlags & { evalConfig?: string }>(
  flags: T,
  command: Command,
): T {
  if (flags.evalConfig === undefined) return flags;
  const config = loadEvalConfig(flags.evalConfig);
  const merged = { ...flags } as Record<string, unknown>;
  for (const [key, flag] of Object.entries(FLAG_OF) as [keyof EvalConfig, string][]) {
    const value = config[key];
    if (value === undefined || command.getOptionValueSource(flag) === 'cli') continue;
    merged[flag] = key === 'llm_block' ? resolve(dirname(flags.evalConfig), value as string) : value;
  }
  return merged as unknown as T;
}
