import type { z } from 'zod';
import { AgentTrackError, issueMessage } from '../../core/index.js';

/** The tools whose eval logs `stats compare` reads. */
export const EVAL_LOG_FORMATS = ['inspect', 'promptfoo', 'lm-eval'] as const;
export type EvalLogFormat = (typeof EVAL_LOG_FORMATS)[number];

/** One scored sample of another tool's run: a task (its id) at one repeat (epoch), each metric's value. */
export interface EvalSample {
  /** The sample's id as the tool names it (`String`-ed): what the two runs are paired by. */
  id: string;
  /** Which repeat of the sample (1-based; 1 when the tool has no repeats). */
  epoch: number;
  /** Metric -> its value for this sample (`null` when the tool recorded none or not a number). */
  scores: Record<string, number | null>;
}

/** One run of another tool, read into the samples a paired comparison needs. */
export interface EvalRun {
  format: EvalLogFormat;
  /** The file it was read from. */
  file: string;
  /** What the run was, as the tool names it (`task · model`), for the report's columns. */
  label: string;
  samples: EvalSample[];
}

/**
 * The refusal of a file whose shape is not the tool's: the file, then the first wrong key.
 *
 * @example
 * throw wrongShape('a.json', 'promptfoo results', parsed.error.issues[0], value);
 * // "a.json is not a promptfoo results file: `results.results.0.success` expected boolean, got `"yes"` (string)"
 */
export function wrongShape(
  file: string,
  what: string,
  issue: z.core.$ZodIssue,
  input: unknown,
): AgentTrackError {
  return new AgentTrackError('EVAL_LOG_SHAPE', `${file} is not ${what}: ${issueMessage(issue, input)}`, {
    data: { file },
  });
}

/** Parses `input` with `schema`, refusing by file and first wrong key. */
export function parseShape<T>(schema: z.ZodType<T>, input: unknown, file: string, what: string): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw wrongShape(file, what, parsed.error.issues[0]!, input);
  return parsed.data;
}

/** JSON text parsed, or refused naming the file. */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new AgentTrackError('EVAL_LOG_SHAPE', `${file} is not JSON: ${(cause as Error).message}`, {
      data: { file },
    });
  }
}
