import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOfflinePolicy, startEndpoint } from '../../agent/index.js';

/** The offline stand-in's sampling: a temperature above 0 draws from `seed` (see `drawsFor`). */
export interface StandInSampling {
  temperature?: number;
  seed?: number;
}

export interface OfflineModel {
  blockFile: string;
  /** The endpoint every arm shares at temperature 0. */
  endpointUrl: string;
  /** An arm's endpoint: its own (its draws salted with its name) when the stand-in samples. */
  urlFor(arm: string): string;
  close(): Promise<void>;
}

/**
 * For `--model offline`: one offline endpoint on 127.0.0.1 shared by both arms, and an LLM block
 * pointing at it (no key: the offline policy is free). Both arms send byte-identical requests to
 * the same stand-in, labelled as such everywhere; its sampling, when asked for, is in the block's
 * `params` (so the plan's block hash names it and a resumed campaign keeps it).
 */
export async function startOfflineModel(
  dir: string,
  sampling: StandInSampling = {},
  arms: readonly string[] = [],
): Promise<OfflineModel> {
  const endpoint = await startEndpoint({ policy: createOfflinePolicy({}) });
  // Each arm's own endpoint salts the stand-in's draws with the arm's name.
  const own = new Map<string, Awaited<ReturnType<typeof startEndpoint>>>();
  if ((sampling.temperature ?? 0) > 0)
    for (const arm of arms) own.set(arm, await startEndpoint({ policy: createOfflinePolicy({ salt: arm }) }));
  // The block is the same bytes every run (so a resumed campaign keeps its plan); the port of this
  // run's endpoint reaches the arms as `--endpoint-url`.
  const blockFile = join(dir, 'offline-llm-block.yaml');
  const params = [
    sampling.temperature === undefined ? null : `temperature: ${sampling.temperature}`,
    // A sampling stand-in always names its seed (0 by default), so its repeats draw seed + k - 1.
    sampling.seed === undefined && !((sampling.temperature ?? 0) > 0) ? null : `seed: ${sampling.seed ?? 0}`,
  ].filter((p) => p !== null);
  writeFileSync(
    blockFile,
    `# The offline policy: a ${(sampling.temperature ?? 0) > 0 ? 'seeded, sampling' : 'deterministic'} stand-in for a model, started by each run on 127.0.0.1.\nprovider: openai\nbase_url: http://127.0.0.1/v1\nmax_retries: 0\n${params.length === 0 ? '' : `params: { ${params.join(', ')} }\n`}`,
  );
  return {
    blockFile,
    endpointUrl: endpoint.openaiBaseUrl,
    urlFor: (arm) => own.get(arm)?.openaiBaseUrl ?? endpoint.openaiBaseUrl,
    close: async () => {
      for (const e of [endpoint, ...own.values()]) await e.close();
    },
  };
}
