import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLlmBlock } from '../../../src/agent/llm/load-block.js';
import { buildPlan } from '../../../src/optimize/before-after/plan.js';
import type { Plan } from '../../../src/optimize/before-after/plan-schema.js';
import type { RunCampaignOptions } from '../../../src/optimize/before-after/run-campaign.js';
import { resolveCommit } from '../../../src/optimize/campaign/arms/commits.js';
import type { Task } from '../../../src/retrieval/task/schema.js';
import { type CommitSpec, makeProductRepo } from './helpers.js';

export const FAKE_KEY = 'sk-fixture-key-4242424242';

/**
 * A two-commit fixture product, an LLM block naming its key by env var, and a plan where a
 * rollout costs exactly `usdPerRollout` (1 turn of 1,000,000 input tokens at that price).
 */
export async function fixtureCampaign(
  root: string,
  options: {
    tasks: Task[];
    specs?: [CommitSpec, CommitSpec];
    block?: Record<string, unknown>;
    usdPerRollout?: number | null;
  },
): Promise<{ repo: string; shas: string[]; plan: Plan; run: RunCampaignOptions; startedLog: string }> {
  const { repo, shas } = makeProductRepo(
    root,
    options.specs ?? [
      { subject: 'Baseline docs', outcome: 'budget_exhausted' },
      { subject: 'Better docs', outcome: 'answered' },
    ],
  );
  const blockFile = join(root, 'block.json');
  writeFileSync(
    blockFile,
    JSON.stringify(
      options.block ?? {
        provider: 'openai',
        base_url: 'http://127.0.0.1:9/v1',
        auth: { env: 'FIXTURE_API_KEY' },
      },
    ),
  );
  const llmBlock = loadLlmBlock(blockFile);
  const price = options.usdPerRollout === undefined ? 0.1 : options.usdPerRollout;
  const plan = buildPlan({
    campaign: 'fixture',
    tasks: { count: options.tasks.length },
    arms: [
      { arm: 'baseline', commit: await resolveCommit(repo, shas[0]!), descriptionTokens: 0 },
      { arm: 'candidate', commit: await resolveCommit(repo, shas[1]!), descriptionTokens: 0 },
    ],
    model: 'offline',
    llmBlock,
    turnBudget: 1,
    contextTokensPerTurn: 1_000_000,
    outputTokensPerTurn: 1,
    prices: { inputPer1m: price, outputPer1m: price === null ? null : 0 },
  });
  const startedLog = join(root, 'started.log');
  return {
    repo,
    shas,
    plan,
    startedLog,
    run: {
      repo,
      dir: join(root, 'runs', 'fixture'),
      plan,
      tasks: options.tasks,
      llmBlock: { file: blockFile, block: llmBlock.block },
      confirmSpend: true,
      maxUsd: null,
      worktreesDir: join(root, 'worktrees'),
      installCache: null,
      env: { FIXTURE_API_KEY: FAKE_KEY, FIXTURE_STARTED_LOG: startedLog },
    },
  };
}
