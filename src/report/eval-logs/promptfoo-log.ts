// promptfoo's results file (`promptfoo eval -o results.json`): `results.results` holds one entry
// per test case x prompt x provider, each with its `testIdx`, `promptIdx`, `provider`, `success`,
// `score`, `latencyMs`, `cost`, the response's `tokenUsage` and the assertions' `namedScores`.
import { z } from 'zod';
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

/**
 * A promptfoo results file's text. A sample is a test case (`test N`, by its `testIdx`); a file
 * that ran several prompts or providers names each sample by all three, so the same test with
 * the same prompt and provider pairs across two files.
 */
export function readPromptfooResults(text: string, file: string): EvalRun {
  const parsed = parseShape(fileSchema, parseJsonFile(text, file), file, WHAT);
  const results = parsed.results.results;
  const combos = new Set(results.map((r) => `${r.promptIdx}\u0000${providerOf(r)}`));
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
    const id =
      combos.size === 1
        ? `test ${result.testIdx}`
        : `test ${result.testIdx} · prompt ${result.promptIdx} · ${providerOf(result)}`;
    return { id, epoch: 1, scores };
  });
  const providers = [...new Set(results.map(providerOf))].filter((p) => p !== '');
  return {
    format: 'promptfoo',
    file,
    label: `promptfoo · ${providers.join(', ') || 'unknown provider'}`,
    samples,
  };
}
