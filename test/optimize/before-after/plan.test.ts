import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadLlmBlock } from '../../../src/agent/llm/load-block.js';
import { buildPlan, readPlan, writePlan } from '../../../src/optimize/before-after/plan.js';
import { renderPlan } from '../../../src/optimize/before-after/plan-text.js';
import { resolveCommit } from '../../../src/optimize/campaign/arms/commits.js';
import { METRIC_COLUMNS } from '../../../src/trajectory/metrics/columns.js';
import { makeProductRepo, tempDir } from '../campaign/helpers.js';

function blockIn(dir: string) {
  const file = join(dir, 'block.json');
  writeFileSync(
    file,
    JSON.stringify({
      provider: 'openai',
      base_url: 'http://127.0.0.1:9/v1',
      auth: { env: 'FIXTURE_API_KEY' },
    }),
  );
  return loadLlmBlock(file);
}

describe('the plan says how many clusters the tasks fall in', () => {
  test.each([
    [3, 'too few to test per cluster (5 needed); the rows are tested per task and the report says so'],
    [
      6,
      'every row is tested per cluster (a sign flip of the cluster means), so the evidence is 6 clusters, not 12 tasks',
    ],
  ])('%i clusters of 12 tasks', (clusters, says) => {
    using dir = tempDir();
    const commit = { rev: 'HEAD', sha: 'a'.repeat(40), subject: 's' };
    const plan = buildPlan({
      campaign: 'clusters',
      tasks: { count: 12 },
      arms: [{ arm: 'baseline', commit, descriptionTokens: 100 }],
      model: 'offline',
      llmBlock: blockIn(dir.path),
      clusters,
    });
    expect(plan.clusters).toBe(clusters);
    expect(renderPlan(plan)).toContain(
      `Clusters: the tasks fall in ${clusters} clusters (a task's \`cluster\`, else its corpus): ${says}`,
    );
  });
});

describe('buildPlan', () => {
  test('every number, by hand: 3 tasks, 2 arms, 10 turns, 2 calls, 3000 context, 200 output, $2/$8/$0.1', async () => {
    using dir = tempDir();
    const { repo, shas } = makeProductRepo(dir.path, [
      { subject: 'Baseline docs', outcome: 'answered' },
      { subject: 'Shorter docs', outcome: 'answered' },
    ]);
    const baseline = await resolveCommit(repo, 'HEAD~1');
    const candidate = await resolveCommit(repo, 'main');
    expect(baseline).toEqual({ rev: 'HEAD~1', sha: shas[0], subject: 'Baseline docs' });
    expect(candidate).toEqual({ rev: 'main', sha: shas[1], subject: 'Shorter docs' });
    const plan = buildPlan({
      campaign: 'demo',
      tasks: { count: 3, split: 'fixture/small_test', limit: 3 },
      arms: [
        { arm: 'baseline', commit: baseline, descriptionTokens: 800 },
        { arm: 'candidate', commit: candidate, descriptionTokens: 600 },
      ],
      model: 'gpt-test',
      llmBlock: blockIn(dir.path),
      turnBudget: 10,
      callsPerTurn: 2,
      contextTokensPerTurn: 3000,
      outputTokensPerTurn: 200,
      prices: { inputPer1m: 2, outputPer1m: 8, embedPer1m: 0.1 },
      embeddings: true,
      corpora: [
        { key: 'repo:a@1', state: 'valid', sourceBytes: 1000 },
        {
          key: 'repo:b@2',
          state: 'invalid',
          sourceBytes: 4002,
          reason: 'built with ingestion.window_lines 40',
        },
        { key: 'repo:c@3', state: 'missing', sourceBytes: 10000 },
      ],
      buildIndexes: true,
    });
    // baseline: input 10 * (3000 + 800) = 38,000 a rollout; output 10 * 200 = 2,000;
    // dollars 38,000 * 2 / 1e6 + 2,000 * 8 / 1e6 = 0.076 + 0.016 = 0.092 a rollout.
    expect(plan.arms[0]).toMatchObject({
      arm: 'baseline',
      description_tokens: 800,
      rollouts: 3,
      calls_per_rollout: 20,
      input_tokens_per_rollout: 38000,
      output_tokens_per_rollout: 2000,
      calls: 60,
      input_tokens: 114000,
      output_tokens: 6000,
    });
    expect(plan.arms[0]!.usd_per_rollout).toBeCloseTo(0.092, 12);
    expect(plan.arms[0]!.usd).toBeCloseTo(0.276, 12);
    // candidate: 10 * (3000 + 600) = 36,000; 0.072 + 0.016 = 0.088 a rollout.
    expect(plan.arms[1]).toMatchObject({ input_tokens_per_rollout: 36000, input_tokens: 108000, calls: 60 });
    expect(plan.arms[1]!.usd_per_rollout).toBeCloseTo(0.088, 12);
    expect(plan.arms[1]!.usd).toBeCloseTo(0.264, 12);
    // corpora: build the invalid and the missing one: ceil(4002 / 4) + 10000 / 4 = 1001 + 2500 = 3501 tokens.
    expect(plan.corpora).toMatchObject({
      distinct: 3,
      valid: 1,
      invalid: 1,
      missing: 1,
      to_build_source_bytes: 14002,
      embed_tokens: 3501,
      build_indexes: true,
    });
    expect(plan.corpora.embed_usd).toBeCloseTo(0.0003501, 15);
    expect(plan.totals).toMatchObject({
      rollouts: 6,
      calls: 120,
      input_tokens: 222000,
      output_tokens: 12000,
    });
    expect(plan.totals.rollouts_usd).toBeCloseTo(0.54, 12);
    expect(plan.totals.index_build_usd).toBeCloseTo(0.0003501, 15);
    expect(plan.totals.usd).toBeCloseTo(0.5403501, 12);
    expect(plan.unknown_prices).toEqual([]);
    expect(plan.endpoint).toEqual({ provider: 'openai', base_url: 'http://127.0.0.1:9/v1' });
    expect(plan.llm_block.canonical).toBe(
      '{"auth":{"env":"FIXTURE_API_KEY"},"base_url":"http://127.0.0.1:9/v1","provider":"openai"}',
    );
    expect(plan.metrics).toEqual(METRIC_COLUMNS.map((column) => column.key));
    expect(plan.assumptions.map((a) => [a.flag, a.value])).toEqual([
      ['--turn-budget', 10],
      ['--calls-per-turn', 2],
      ['--context-tokens-per-turn', 3000],
      ['--output-tokens-per-turn', 200],
      ['--usd-per-1m-input', 2],
      ['--usd-per-1m-output', 8],
      ['--usd-per-1m-embed', 0.1],
    ]);

    const text = renderPlan(plan);
    expect(text).toContain(
      'Plan for campaign `demo`: 3 tasks (split fixture/small_test, first 3) x 2 arms = 6 rollouts',
    );
    expect(text).toContain(
      `baseline: ${shas[0]!.slice(0, 12)} "Baseline docs" (HEAD~1); tool descriptions 800 tokens`,
    );
    expect(text).toContain('byte-identical for both arms');
    // The offline stand-in's block names no port (each run starts its endpoint on a free one): the
    // plan says so instead of printing an address nothing listens on.
    const offline = renderPlan({
      ...plan,
      model: 'offline',
      endpoint: { provider: 'openai', base_url: 'http://127.0.0.1/v1' },
    });
    expect(offline).toContain(
      'Model `offline` via openai at the offline endpoint this run starts on 127.0.0.1 (a free port each run',
    );
    expect(text).toMatch(/baseline +3 +60 +114,000 +6,000 +\$0\.0920 +\$0\.2760/);
    expect(text).toMatch(/total +6 +120 +222,000 +12,000 +\$0\.5400/);
    expect(text).toContain('refused: repo:b@2 (4,002 source bytes): built with ingestion.window_lines 40');
    expect(text).toContain('14,002 bytes / 4 = 3,501 tokens, $0.0004');
    expect(text).toContain('--turn-budget 10: every rollout spends its full turn budget');
    expect(text).toContain(
      `Metrics the report will carry (${METRIC_COLUMNS.length}): answered, budget_exhausted`,
    );

    writePlan(dir.path, plan);
    expect(readPlan(join(dir.path, 'plan.json'))).toEqual(plan);
    expect(readFileSync(join(dir.path, 'plan.txt'), 'utf8')).toBe(text);
  });

  test('defaults: 12 turns, 2 calls, 4000 context, 500 output; unknown prices read $0 and are named', () => {
    using dir = tempDir();
    const commit = { rev: 'a', sha: 'a'.repeat(40), subject: 's' };
    const plan = buildPlan({
      campaign: 'c',
      tasks: { count: 2 },
      arms: [{ arm: 'baseline', commit, descriptionTokens: 100 }],
      model: 'm',
      llmBlock: blockIn(dir.path),
      corpora: [{ key: 'workspace', state: 'missing', sourceBytes: 8 }],
      embeddings: true,
    });
    // 12 * (4000 + 100) = 49,200 input, 12 * 500 = 6,000 output, 24 calls a rollout.
    expect(plan.arms[0]).toMatchObject({
      input_tokens_per_rollout: 49200,
      output_tokens_per_rollout: 6000,
      calls_per_rollout: 24,
      usd_per_rollout: 0,
      usd: 0,
    });
    expect(plan.unknown_prices).toEqual(['--usd-per-1m-input', '--usd-per-1m-output', '--usd-per-1m-embed']);
    expect(plan.corpora).toMatchObject({ embed_tokens: 2, embed_usd: 0, build_indexes: false });
    expect(plan.totals.index_build_usd).toBe(0);
    expect(renderPlan(plan)).toContain(
      'Price unknown: --usd-per-1m-input, --usd-per-1m-output, --usd-per-1m-embed; the dollars above read $0',
    );
  });

  test('a serving config that searches by words only builds its indexes for $0 and asks no embedding price', () => {
    using dir = tempDir();
    const commit = { rev: 'a', sha: 'a'.repeat(40), subject: 's' };
    const plan = buildPlan({
      campaign: 'c',
      tasks: { count: 2 },
      arms: [{ arm: 'baseline', commit, descriptionTokens: 100 }],
      model: 'm',
      llmBlock: blockIn(dir.path),
      prices: { inputPer1m: 1, outputPer1m: 1 },
      corpora: [{ key: 'workspace', state: 'missing', sourceBytes: 4_000_000 }],
      buildIndexes: true,
    });
    expect(plan.unknown_prices).toEqual([]);
    expect(plan.corpora).toMatchObject({ embeds: false, embed_tokens: 0, embed_usd: 0, build_indexes: true });
    expect(plan.totals.index_build_usd).toBe(0);
    expect(plan.assumptions.find((a) => a.flag === '--usd-per-1m-embed')?.meaning).toMatch(/^not used/);
    expect(renderPlan(plan)).toContain(
      'building them indexes words only (no embeddings endpoint in the serving config): $0 (--build-indexes)',
    );
  });

  test.each([
    ['turnBudget', { turnBudget: 0 }, '`turn-budget`'],
    ['callsPerTurn', { callsPerTurn: -1 }, '`calls-per-turn`'],
    ['contextTokensPerTurn', { contextTokensPerTurn: 1.5 }, '`context-tokens-per-turn`'],
    ['outputTokensPerTurn', { outputTokensPerTurn: 0 }, 'a rollout booked at no output cannot answer'],
    ['price', { prices: { inputPer1m: -2 } }, '`usd-per-1m-input`'],
  ])('refuses a bad %s naming the flag', (_name, extra, named) => {
    using dir = tempDir();
    const commit = { rev: 'a', sha: 'a'.repeat(40), subject: 's' };
    expect(() =>
      buildPlan({
        campaign: 'c',
        tasks: { count: 1 },
        arms: [{ arm: 'baseline', commit, descriptionTokens: 1 }],
        model: 'm',
        llmBlock: blockIn(dir.path),
        ...extra,
      }),
    ).toThrow(named);
  });

  test('resolveCommit names a revision that is not there', async () => {
    using dir = tempDir();
    const { repo } = makeProductRepo(dir.path, [{ subject: 'one', outcome: 'answered' }]);
    await expect(resolveCommit(repo, 'no-such-branch')).rejects.toMatchObject({
      code: 'COMMIT_NOT_FOUND',
      message: expect.stringContaining('`no-such-branch`'),
    });
  });
});
