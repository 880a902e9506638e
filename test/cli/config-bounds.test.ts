import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { cli, ROOT } from './run-cli.js';

// Issue 39: configs took numbers no run could mean (a typo, a unit slip); each is refused by key,
// with the bound, through the command a user runs, before any work.
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-bounds-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The shipped campaign, with its relative paths made absolute so a copy elsewhere reads alike.
const campaign = readFileSync(join(ROOT, 'configs/optimize/tool_docs.yaml'), 'utf8')
  .replace('repo: ../..', `repo: ${ROOT}`)
  .replace('llm_block: ../llm/openrouter.yaml', `llm_block: ${join(ROOT, 'configs/llm/openrouter.yaml')}`);
const block = readFileSync(join(ROOT, 'configs/llm/openai.yaml'), 'utf8');

const written = (name: string, text: string) => {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
};

test.each([
  [
    'an optimize campaign with max_rollouts: 1e12',
    () => written('rollouts.yaml', campaign.replace('max_rollouts: 600', 'max_rollouts: 1e12')),
    (file: string) => ['optimize', '--config', file, '--dry-run', '--out', join(scratch, 'run')],
    (file: string) =>
      `agent-track: \`budgets.max_rollouts\` expected number to be <=1000000, got \`1000000000000\` (number) in \`${file}\`\n`,
  ],
  [
    'an optimize campaign with repeats: 1e9',
    () => written('repeats.yaml', campaign.replace(/^repeats: 1$/m, 'repeats: 1e9')),
    (file: string) => ['optimize', '--config', file, '--dry-run', '--out', join(scratch, 'run')],
    (file: string) =>
      `agent-track: \`repeats\` expected number to be <=100, got \`1000000000\` (number) in \`${file}\`\n`,
  ],
  [
    'an LLM block with max_tokens: 1e12',
    () => written('block.yaml', block.replace('max_tokens: 4096', 'max_tokens: 1e12')),
    (file: string) => ['harness', 'validate-llm-block', file],
    (file: string) =>
      `agent-track: The LLM block \`${file}\` is refused: \`params.max_tokens\` expected number to be <=10000000, got \`1000000000000\` (number)\n`,
  ],
])(
  '%s: refused by key with its bound, exit 2',
  async (_name, make, args, message) => {
    const file = make();
    expect(readFileSync(file, 'utf8')).toMatch(/1e(9|12)/); // the edit took
    const result = await cli(...args(file));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message(file));
    expect(existsSync(join(scratch, 'run'))).toBe(false);
  },
  60_000,
);
