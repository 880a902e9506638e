// promptfoo's results file (`promptfoo eval -o results.json`): `results.results` holds one entry
// per test case x prompt x provider, each with its `testIdx`, `promptIdx`, `provider`, `success`,
// `score`, `latencyMs`, `cost`, the response's `tokenUsage` and the assertions' `namedScores`.
import { z } from 'zod';
import { AgentTrackError } from '../../core/index.js';
import { type EvalRun, type EvalSample, parseJsonFile, parseShape } from './eval-log.js';

const WHAT = 'a promptfoo results file (`promptfoo eval -o results.json`)';

const usageSchema = z.looseObject({ total: z.number().nullish() }).nullish();

const resultSchema = z.looseObject({
  testIdx: z.number().int().min(0),
  promptIdx: z.number().int().min(0),
  success: z.boolean(),
  score: z.number().nullish(),
  latencyMs: z.number().nullish(),
  cost: z.number().nullish(),
  provider: z.union([z.string(), z.looseObject({ id: z.string(), label: z.string().nullish() })]).nullish(),
  namedScores: z.record(z.string(), z.number().nullish()).nullish(),
  tokenUsage: usageSchema,
  response: z.looseObject({ tokenUsage: usageSchema }).nullish(),
  prompt: z.looseObject({ label: z.string().nullish() }).nullish(),
});

const fileSchema = z.looseObject({
  results: z.looseObject({ results: z.array(resultSchema) }),
});

type PromptfooResult = z.infer<typeof resultSchema>;

function providerOf(result: PromptfooResult): string {
  const provider = result.provider;
  if (provider === null || provider === undefined) return '';
  return typeof provider === 'string' ? provider : provider.label || provider.id;
}

const finite = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;

/** A result's column as promptfoo's table heads it: the prompt's label and the provider. */
function columnOf(result: PromptfooResult): string {
  return `${result.prompt?.label || `prompt ${result.promptIdx}`} · ${providerOf(result)}`;
}

/**
 * The results of one column (`promptIdx`) chosen by its index, its name (`label · provider`), its
 * prompt label or its provider; refused, listing the file's columns, when it names none or several.
 */
function selectColumn(results: readonly PromptfooResult[], column: string, file: string): PromptfooResult[] {
  const columns = new Map<number, string>();
  for (const result of results) columns.set(result.promptIdx, columnOf(result));
  const matches = [...columns].filter(([index, name]) => {
    if (/^\d+$/.test(column)) return index === Number(column);
    const [label, provider] = name.split(' · ');
    return column === name || column === label || column === provider;
  });
  if (matches.length !== 1) {
    const list = [...columns]
      .sort(([a], [b]) => a - b)
      .map(([index, name]) => `${index}: ${name}`)
      .join('; ');
    throw new AgentTrackError(
      'EVAL_LOG_COLUMN',
      `\`${column}\` names ${matches.length === 0 ? 'no column' : `${matches.length} columns`} of ${file}: give an index or a unique name (${list})`,
      { data: { file, column } },
    );
  }
  return results.filter((result) => result.promptIdx === matches[0]![0]);
}

/**
 * A promptfoo results file's text. A sample is a test case (`test N`, by its `testIdx`). A file
 * holds one column per prompt x provider: `column` keeps one (two columns of one file are two
 * runs); without it, a file of several columns names each sample by its column too, so the same
 * test in the same column pairs across two files.
 */
export function readPromptfooResults(text: string, file: string, column?: string): EvalRun {
  const parsed = parseShape(fileSchema, parseJsonFile(text, file), file, WHAT);
  const results =
    column === undefined ? parsed.results.results : selectColumn(parsed.results.results, column, file);
  const columns = new Set(results.map((r) => r.promptIdx));
  const samples: EvalSample[] = results.map((result) => {
    const scores: Record<string, number | null> = {
      success: result.success ? 1 : 0,
      score: finite(result.score),
      latency_ms: finite(result.latencyMs),
      cost: finite(result.cost),
      tokens: finite(result.response?.tokenUsage?.total ?? result.tokenUsage?.total),
    };
    for (const [name, value] of Object.entries(result.namedScores ?? {}))
      scores[`named/${name}`] = finite(value);
    const id = columns.size === 1 ? `test ${result.testIdx}` : `test ${result.testIdx} · ${columnOf(result)}`;
    return { id, epoch: 1, scores };
  });
  const names = [...new Set(results.map(columnOf))];
  return {
    format: 'promptfoo',
    file,
    label: `promptfoo · ${names.length === 1 ? names[0] : `${names.length} columns`}`,
    samples,
  };
}
