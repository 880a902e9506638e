import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadLlmBlock } from '../../../src/agent/index.js';
import { AgentTrackError } from '../../../src/core/errors.js';
import {
  loadCampaignConfig,
  parseCampaignConfig,
} from '../../../src/optimize/optimizer/config/load-config.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const AXES = ['tool_docs', 'usage_skill', 'ask_prompt', 'ask_architecture', 'retrieval_config'] as const;
const shipped = (axis: string) => join(ROOT, 'configs/optimize', `${axis}.yaml`);
const data = (axis: string) => parse(readFileSync(shipped(axis), 'utf8')) as Record<string, unknown>;

function refusal(run: () => unknown): AgentTrackError {
  try {
    run();
  } catch (error) {
    if (error instanceof AgentTrackError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('shipped campaign configs', () => {
  test.each(AXES)('%s loads, with every file it names present', (axis) => {
    const { config, paths } = loadCampaignConfig(shipped(axis));
    expect(config.axis).toBe(axis);
    expect(paths.repo).toBe(ROOT);
    expect(paths.artifact).toBe(
      ['tool_docs', 'usage_skill', 'ask_prompt'].includes(axis)
        ? join(ROOT, 'configs/product', axis === 'tool_docs' ? 'tool_docs.yaml' : `${axis}.md`)
        : null,
    );
    // The LLM block it names is a valid block (the model is the config's, never the block's).
    expect(loadLlmBlock(paths.llm_block).block.provider).toBe('openai');
    expect(config.search.slice).toMatch(/dev$/);
    expect(config.acceptance.slice).toMatch(/test$/);
  });
});

describe('refusals name the key and the file', () => {
  const cases: [string, string, (d: Record<string, unknown>) => void, string][] = [
    [
      'a top-level typo',
      'tool_docs',
      (d) => {
        d.margn = 0.1;
      },
      'margn',
    ],
    [
      'a nested typo',
      'tool_docs',
      (d) => {
        (d.objective as { weights: Record<string, number> }).weights.answred = 1;
      },
      'objective.weights.answred',
    ],
    [
      'a typo two levels down',
      'usage_skill',
      (d) => {
        (d.search as { screening: Record<string, number> }).screening.minibach = 3;
      },
      'search.screening.minibach',
    ],
    [
      'a grid on a text axis',
      'tool_docs',
      (d) => {
        d.grid = data('ask_architecture').grid;
      },
      'grid',
    ],
    [
      'a search slice that is held out',
      'tool_docs',
      (d) => {
        (d.search as Record<string, unknown>).slice = 'test';
      },
      'search.slice',
    ],
    [
      'an unknown axis',
      'tool_docs',
      (d) => {
        d.axis = 'tools';
      },
      'axis',
    ],
    [
      'every weight 0',
      'retrieval_config',
      (d) => {
        d.objective = { weights: { gold_reached: 0 } };
      },
      'objective.weights',
    ],
    [
      'a judged score without a judge',
      'tool_docs',
      (d) => {
        (d.objective as { weights: Record<string, number> }).weights.judge_score = 1;
      },
      'judge',
    ],
    [
      'a missing LLM block',
      'tool_docs',
      (d) => {
        d.llm_block = '../llm/nope.yaml';
      },
      'llm_block',
    ],
    [
      'an unregistered dataset',
      'tool_docs',
      (d) => {
        d.dataset = 'fixture-cod';
      },
      'dataset',
    ],
    [
      'an overlay variation with a bad key',
      'retrieval_config',
      (d) => {
        (d.overlays as { variations: unknown[] }).variations[1] = { query: { mdoe: 'all' } };
      },
      'overlays.variations.1',
    ],
    [
      'random without samples',
      'ask_architecture',
      (d) => {
        (d.grid as Record<string, unknown>).strategy = 'random';
      },
      'grid.samples',
    ],
    [
      'a grid incumbent with a bad key',
      'ask_architecture',
      (d) => {
        (d.grid as Record<string, unknown>).incumbent = { turncap: 8 };
      },
      'grid.incumbent.turncap',
    ],
    [
      'a grid incumbent whose overlay is missing',
      'ask_architecture',
      (d) => {
        (d.grid as Record<string, unknown>).incumbent = { retrieval_overlay: '../retrieval/nope.yaml' };
      },
      'grid.incumbent.retrieval_overlay',
    ],
    [
      'rounds past any campaign (a typo for a small number)',
      'tool_docs',
      (d) => {
        (d.search as Record<string, unknown>).rounds = 1e12;
      },
      'search.rounds',
    ],
    [
      'a rollout budget past any campaign',
      'tool_docs',
      (d) => {
        (d.budgets as Record<string, unknown>).max_rollouts = 1e12;
      },
      'budgets.max_rollouts',
    ],
    [
      'repeats past any campaign',
      'tool_docs',
      (d) => {
        d.repeats = 1e9;
      },
      'repeats',
    ],
    [
      'a guard on a metric with no better direction',
      'tool_docs',
      (d) => {
        (d.acceptance as Record<string, unknown>).guards = [{ metric: 'distinct_tools_used', margin: 1 }];
      },
      'acceptance.guards.0.metric',
    ],
    [
      'a length check no candidate could pass',
      'tool_docs',
      (d) => {
        d.free_checks = { length: { min_ratio: 3, max_ratio: 2 } };
      },
      'free_checks.length.min_ratio',
    ],
  ];
  test.each(cases)('%s', (_name, axis, mutate, key) => {
    const value = data(axis);
    mutate(value);
    const error = refusal(() => parseCampaignConfig(value, shipped(axis)));
    expect(error.message).toContain(`\`${key}`);
    expect(error.message).toContain(shipped(axis));
    // A bound is refused with the bound itself in the message.
    if (key === 'budgets.max_rollouts') expect(error.message).toMatch(/1000000/);
    if (key === 'repeats') expect(error.message).toMatch(/100\b/);
  });

  test('a typo in a file on disk is refused naming that file and the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'campaign-'));
    try {
      const value = data('tool_docs');
      value.product = { repo: ROOT };
      value.llm_block = join(ROOT, 'configs/llm/openrouter.yaml');
      (value.acceptance as Record<string, unknown>).max_confirmation = 3;
      const file = join(dir, 'typo.yaml');
      writeFileSync(file, stringify(value));
      const error = refusal(() => loadCampaignConfig(file));
      expect(error.code).toBe('INVALID_CAMPAIGN_CONFIG');
      expect(error.message).toBe(`Unknown key \`acceptance.max_confirmation\` in \`${file}\``);
      expect(error.data).toMatchObject({ file, key: 'acceptance.max_confirmation' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
