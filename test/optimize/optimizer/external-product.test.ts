import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { readLedger } from '../../../src/agent/index.js';
import { selfCommand } from '../../../src/cli/self-command.js';
import { loadCampaignConfig } from '../../../src/optimize/optimizer/config/load-config.js';
import { optimize } from '../../../src/optimize/optimizer/optimize.js';
import { ROOT } from './paid-helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-external-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// A product in its own git repository: the reference server run from this checkout, its tool docs,
// skill and prompt its own files. `toolDocs: false` leaves `{tool_docs}` out of its serve command.
async function externalProduct(name: string, toolDocs: boolean): Promise<string> {
  const repo = join(scratch, name);
  mkdirSync(join(repo, 'docs'), { recursive: true });
  for (const file of ['tool_docs.yaml', 'usage_skill.md', 'ask_prompt.md'])
    copyFileSync(join(ROOT, 'configs/product', file), join(repo, 'docs', file));
  // Each start leaves a line in `served.log` at the product root (the command runs from there).
  const serve = ['sh', '-c', 'echo started >> served.log; exec "$0" "$@"'];
  serve.push(...selfCommand('serve'));
  serve.push('--config', '{config}', '--workspace', '{workspace}');
  if (toolDocs) serve.push('--tool-docs', '{tool_docs}');
  writeFileSync(
    join(repo, 'product.yaml'),
    stringify({
      name,
      serve,
      artifacts: {
        tool_docs: 'docs/tool_docs.yaml',
        usage_skill: 'docs/usage_skill.md',
        ask_prompt: 'docs/ask_prompt.md',
      },
    }),
  );
  await execa('git', ['init', '-q'], { cwd: repo });
  return repo;
}

function campaign(repo: string, name: string): string {
  const file = join(scratch, `${name}.yaml`);
  writeFileSync(
    file,
    stringify({
      axis: 'tool_docs',
      product: { repo, manifest: 'product.yaml' },
      dataset: 'fixture-code',
      search: { slice: 'dev', rounds: 1, candidates_per_round: 1, screening: { minibatch: 2 } },
      acceptance: { slice: 'test', alpha: 0.05, margin: 0.02, max_confirmations: 2 },
      model: 'anthropic/claude-haiku-4.5',
      llm_block: join(ROOT, 'configs/llm/openrouter.yaml'),
      proposer: { model: 'anthropic/claude-sonnet-4.5' },
      objective: { gates: ['answered'], weights: { gold_reached: 1 } },
      budgets: { max_usd: 5, max_rollouts: 100 },
    }),
  );
  return file;
}

test("a campaign on another product runs that product's server, a candidate's tool docs passed as {tool_docs}", async () => {
  const repo = await externalProduct('other', true);
  const out = join(scratch, 'run');
  const result = await optimize(loadCampaignConfig(campaign(repo, 'other')), {
    dryRun: true,
    limit: 2,
    cacheDir: join(scratch, 'cache'),
    out,
  });
  expect(readFileSync(join(repo, 'served.log'), 'utf8')).toMatch(/^started\n/);
  const [candidate] = result!.candidates;
  expect(candidate!.status).not.toMatch(/^rejected/);
  // The candidate appends a sentence to one description: its server serves more description tokens.
  const tokens = (hash: string) =>
    [...readLedger(join(out, 'rollouts', hash.slice(0, 16), 'dev', 'r0', 'ledger.jsonl')).values()].map(
      (line) => line.description_tokens!,
    );
  const before = tokens(result!.incumbent.hash);
  const after = tokens(candidate!.hash);
  expect(before).toHaveLength(2);
  expect(after).toHaveLength(2);
  for (const [i, n] of after.entries()) expect(n).toBeGreaterThan(before[i]!);
}, 180_000);

test('a tool_docs campaign on a product whose serve command takes no {tool_docs} is refused at load', async () => {
  const repo = await externalProduct('closed', false);
  expect(() => loadCampaignConfig(campaign(repo, 'closed'))).toThrow(
    /`axis` is `tool_docs` in `.*closed\.yaml`, but the `serve` command of `.*product\.yaml` takes no `\{tool_docs\}`/,
  );
});

test('an error mid-campaign is thrown after what was recorded is written', async () => {
  const repo = await externalProduct('no-prompt', true);
  // The agent cannot run on a product without its ask prompt: the first evaluation fails.
  const manifest = join(repo, 'product.yaml');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/ {2}ask_prompt: .*\n/, ''));
  const out = join(scratch, 'error-run');
  await expect(
    optimize(loadCampaignConfig(campaign(repo, 'no-prompt')), {
      dryRun: true,
      limit: 2,
      cacheDir: join(scratch, 'cache'),
      out,
    }),
  ).rejects.toThrow(/names no `artifacts.ask_prompt`/);
  const result = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'));
  expect(result.stop).toMatch(/^error: .*names no `artifacts.ask_prompt`/);
}, 120_000);
