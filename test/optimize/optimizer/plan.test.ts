import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import type { AgentTrackError } from '../../../src/core/index.js';
import {
  type LoadedCampaign,
  loadCampaignConfig,
  parseCampaignConfig,
} from '../../../src/optimize/optimizer/config/load-config.js';
import { optimize } from '../../../src/optimize/optimizer/optimize.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const file = join(ROOT, 'configs/optimize/ask_architecture.yaml');
const shipped = parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
// The shipped config with some grid and search keys changed (paths still relative to it).
const withGrid = (grid: Record<string, unknown>, search: Record<string, unknown> = {}) =>
  parseCampaignConfig(
    { ...shipped, grid: { ...shipped.grid, ...grid }, search: { ...shipped.search, ...search } },
    file,
  );
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-plan-'));
const cacheDir = join(scratch, 'cache');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// A rollout's worst case at $1 / $5 per 1M tokens, the block's max_tokens 4096 per turn:
// 12 turns x 4,000 in = 48,000 -> $0.048, 12 x 4,096 out = 49,152 -> $0.24576; $0.29376.
const PRICES = { inputPer1m: 1, outputPer1m: 5 };

// The plan of a paid run without --confirm-spend: printed, checked, nothing run.
// With --confirm-spend a budget floor is a refusal before any spend (`CAMPAIGN_REFUSED`, exit 2), after the plan is printed.
async function plan(loaded: LoadedCampaign, maxUsd: number, confirmSpend = false) {
  const lines: string[] = [];
  const out = join(scratch, `run-${maxUsd}`);
  const result = await optimize(loaded, {
    dryRun: false,
    confirmSpend,
    prices: PRICES,
    maxUsd,
    cacheDir,
    out,
    log: (l) => lines.push(l),
  }).catch((error: AgentTrackError) => {
    lines.push(`refused: ${error.code}`);
    expect(error.code).toBe('CAMPAIGN_REFUSED');
    expect(error.message).toMatch(
      new RegExp(
        `^A paid run of this campaign is refused before anything runs \\(ceiling \\$${maxUsd.toFixed(2)}\\): the ceiling covers about \\d+ rollout`,
      ),
    );
    return null;
  });
  expect(result).toBeNull();
  expect(existsSync(out)).toBe(false);
  return lines;
}

// Both slices of fixture-code hold 12 tasks; minibatch 3, eta 3. Screening n candidates on 12
// tasks: n x 3, then ceil(n / 3) on 6 more (9 in all), then ceil of that / 3 on the last 3.
describe('the plan counts the candidates a campaign will run', () => {
  test('the shipped grid: 12 distinct candidates, 102 rollouts at least and at most', async () => {
    // Screening 12: 12 x 3 + 4 x 6 + 2 x 3 = 66; incumbent 12; one confirmation 2 x 12 = 24.
    // One round (the grid is proposed at once), so one confirmation at most: 102 both ways.
    // 102 x $0.29376 = $29.96.
    const lines = await plan(loadCampaignConfig(file), 35);
    expect(lines.slice(1, 6)).toEqual([
      '  candidates: 24 grid points run 12 distinct configurations (12 merged into the first point that runs the same); successive_halving proposes all 12',
      '  up to 1 round(s) of 12 candidate(s), screening minibatch 3, eta 3; alpha 0.05 over at most 2 confirmation(s), margin 0.02',
      '  model anthropic/claude-haiku-4.5, proposer anthropic/claude-sonnet-4.5; ceiling $35.00, at most 800 rollouts',
      '  the least a real run needs (incumbent, 0 proposals, screening 12 candidate(s), one confirmation): 102 rollouts, 0 proposer calls, 0 judge calls: about $29.96 at worst',
      '  the most all 1 round(s) and 1 confirmation(s) could need, before the ceiling stops it: 102 rollouts, 0 proposer calls, 0 judge calls: about $29.96 at worst',
    ]);
  });

  test('random with samples 3 plans exactly 3 candidates: 54 rollouts', async () => {
    // Screening 3: 3 x 3 + 1 x 6 + 1 x 3 = 18; incumbent 12; one confirmation 24: 54 = $15.86.
    const lines = await plan(withGrid({ strategy: 'random', samples: 3 }), 20);
    expect(lines[2]).toMatch(/^ {2}up to 1 round\(s\) of 3 candidate\(s\),/);
    expect(lines[4]).toBe(
      '  the least a real run needs (incumbent, 0 proposals, screening 3 candidate(s), one confirmation): 54 rollouts, 0 proposer calls, 0 judge calls: about $15.86 at worst',
    );
    expect(lines[5]).toMatch(/: 54 rollouts, 0 proposer calls, 0 judge calls: about \$15\.86 at worst$/);
  });

  test('random with samples 3 over rounds of 2: 2 then 1 candidate, a confirmation each', async () => {
    // Least: 12 + screening 2 (2 x 3 + 1 x 6 + 1 x 3 = 15) + 24 = 51 = $14.98. Most: 12 + 15 +
    // screening 1 (3 + 6 + 3 = 12) + 2 confirmations x 24 = 87 = $25.56.
    const loaded = withGrid({ strategy: 'random', samples: 3 }, { rounds: 3, candidates_per_round: 2 });
    const lines = await plan(loaded, 20);
    expect(lines[2]).toMatch(/^ {2}up to 2 round\(s\) of 2, 1 candidate\(s\),/);
    expect(lines[4]).toMatch(/: 51 rollouts, 0 proposer calls, 0 judge calls: about \$14\.98 at worst$/);
    expect(lines[5]).toBe(
      '  the most all 2 round(s) and 2 confirmation(s) could need, before the ceiling stops it: 87 rollouts, 0 proposer calls, 0 judge calls: about $25.56 at worst',
    );
  });

  test('a paid run whose real count fits the ceiling is not refused', async () => {
    // The grid's 24 points would count 12 + 129 + 24 = 165 rollouts = $48.47, over $35: refused.
    // Its 12 distinct candidates need $29.96: the check passes, and only --confirm-spend is missing.
    const fits = await plan(loadCampaignConfig(file), 35);
    expect(fits).not.toContain('The budget does not cover the least this campaign needs; stopping.');
    expect(fits).not.toContain('refused: CAMPAIGN_REFUSED');
    expect(fits.at(-1)).toBe(
      'Nothing ran: pass --dry-run to walk it offline, or --confirm-spend to pay for it.',
    );
    // Below $29.96 it is refused, naming what the ceiling covers: floor(29 / 0.29376) = 98 rollouts.
    const short = await plan(loadCampaignConfig(file), 29, true);
    expect(short).toContain(
      "  the ceiling covers about 98 rollout(s), not the 102 of the incumbent's evaluation, one round's screening and one confirmation, with 0 proposer and 0 judge call(s)",
    );
    expect(short.slice(-2)).toEqual([
      'The budget does not cover the least this campaign needs; stopping.',
      'refused: CAMPAIGN_REFUSED',
    ]);
    // Without --confirm-spend nothing was asked to run: the plan says what would happen (exit 0).
    expect((await plan(loadCampaignConfig(file), 29)).at(-1)).toBe(
      'The budget does not cover the least this campaign needs: --confirm-spend would be refused.',
    );
  });
});

test("a paid run of overlays that name the dry run's offline endpoint is refused before anything runs", async () => {
  const out = join(scratch, 'offline-endpoints');
  const loaded = loadCampaignConfig(join(ROOT, 'configs/optimize/retrieval_config.yaml'));
  const refused = await optimize(loaded, {
    dryRun: false,
    confirmSpend: true,
    prices: PRICES,
    cacheDir,
    out,
    log: () => {},
  }).catch((error: AgentTrackError) => error);
  expect(refused).toMatchObject({
    code: 'CAMPAIGN_REFUSED',
    message: expect.stringContaining('2 overlay(s) name `endpoint: offline`'),
  });
  expect(existsSync(out)).toBe(false);
});
