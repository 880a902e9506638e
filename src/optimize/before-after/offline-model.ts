import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOfflinePolicy, startEndpoint } from '../../agent/index.js';

/**
 * For `--model offline`: one offline endpoint on 127.0.0.1 shared by both arms, and an LLM block
 * pointing at it (no key: the offline policy is free). Both arms send byte-identical requests to
 * the same deterministic policy, labelled as such everywhere.
 */
export async function startOfflineModel(
  dir: string,
): Promise<{ blockFile: string; endpointUrl: string; close: () => Promise<void> }> {
  const endpoint = await startEndpoint({ policy: createOfflinePolicy({}) });
  // The block is the same bytes every run (so a resumed campaign keeps its plan); the port of this
  // run's endpoint reaches the arms as `--endpoint-url`.
  const blockFile = join(dir, 'offline-llm-block.yaml');
  writeFileSync(
    blockFile,
    '# The offline policy: a deterministic stand-in for a model, started by each run on 127.0.0.1.\nprovider: openai\nbase_url: http://127.0.0.1/v1\nmax_retries: 0\n',
  );
  return { blockFile, endpointUrl: endpoint.openaiBaseUrl, close: () => endpoint.close() };
}
