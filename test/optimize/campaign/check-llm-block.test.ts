import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { checkLlmBlock } from '../../../src/optimize/campaign/arms/check-llm-block.js';
import { makeProductRepo, tempDir } from './helpers.js';

test('arms that run one harness command in one worktree ask it once (whatever commit they are named by), and each still gets its verdict line', async () => {
  using dir = tempDir();
  const { repo, shas } = makeProductRepo(dir.path, [{ subject: 'only', outcome: 'answered' }]);
  const block = join(dir.path, 'block.json');
  writeFileSync(block, JSON.stringify({ provider: 'openai', base_url: 'http://127.0.0.1:1/v1' }));
  const log = join(dir.path, 'started.log');
  const arm = (name: string, harness: string[], commit = shas[0]!) => ({
    arm: name,
    commit,
    worktree: repo,
    harness,
  });
  const verdicts = await checkLlmBlock(
    [
      arm('reference', ['node', 'bin/harness.mjs']),
      arm('reference-http', ['node', 'bin/harness.mjs'], 'default-http'),
      arm('other', ['node', './bin/harness.mjs']),
    ],
    block,
    { env: { ...process.env, FIXTURE_STARTED_LOG: log } },
  );
  const short = shas[0]!.slice(0, 12);
  expect(verdicts.map((verdict) => verdict.line)).toEqual([
    `reference (${short}): accepts the block`,
    'reference-http (default-http): accepts the block',
    `other (${short}): accepts the block`,
  ]);
  // Two harness commands (spelled differently), two checks: the same command is not asked twice.
  expect(readFileSync(log, 'utf8')).toBe('validate only\nvalidate only\n');
});
