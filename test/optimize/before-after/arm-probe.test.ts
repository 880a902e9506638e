import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { descriptionTokens } from '../../../src/optimize/before-after/arm-probe.js';
import { makeDemoProduct, seedDemoCache } from '../../../src/optimize/before-after/demo-product.js';
import { prepareArm, removeArm } from '../../../src/optimize/campaign/arms/prepare-arm.js';

const root = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-arm-probe-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t.invalid', ...args], {
    cwd: repo,
    encoding: 'utf8',
  }).trim();

// A product whose `serve` takes its tool docs as `{tool_docs}` (as optimize asks of outside
// products): the probe must fill it with the arm's own file at the arm's commit.
test("the arm probe fills {tool_docs} with the arm's own tool docs", async () => {
  const { repo } = await makeDemoProduct(root, join(scratch, 'product'));
  // The commits below change the manifest and the tool docs, none of the build's inputs: the
  // checkout's build seeded now serves both arms.
  const installCache = join(scratch, 'installs');
  await seedDemoCache(repo, root, installCache);
  const manifest = join(repo, 'agent-track.product.yaml');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace(
      'serve: [node, dist/cli/bin.js, serve, --config, "{config}", --workspace, "{workspace}"]',
      'serve: [node, dist/cli/bin.js, serve, --config, "{config}", --workspace, "{workspace}", --tool-docs, "{tool_docs}"]',
    ),
  );
  git(repo, 'commit', '-qam', 'serve the tool docs named by the manifest');
  const plain = git(repo, 'rev-parse', 'HEAD');
  const docs = join(repo, 'configs/product/tool_docs.yaml');
  const text = readFileSync(docs, 'utf8');
  const longer = text.replace(
    '    calling them is usually the fastest way to read what was found.\n',
    '    calling them is usually the fastest way to read what was found. Prefer them over a new search\n    whenever the result you need is already named in one of them.\n',
  );
  expect(longer).not.toBe(text);
  writeFileSync(docs, longer);
  git(repo, 'commit', '-qam', 'longer search docs');
  const edited = git(repo, 'rev-parse', 'HEAD');
  const worktreesDir = join(scratch, 'wt');
  const arms = [
    await prepareArm({ repo, arm: 'baseline', commit: plain, worktreesDir, installCache }),
    await prepareArm({ repo, arm: 'candidate', commit: edited, worktreesDir, installCache }),
  ];
  try {
    const [before, after] = [await descriptionTokens(arms[0]!), await descriptionTokens(arms[1]!)];
    expect(before).toBeGreaterThan(500);
    // Each arm's server listed its own commit's descriptions: the longer docs count more tokens.
    expect(after).toBeGreaterThan(before + 10);
  } finally {
    for (const arm of arms) await removeArm(repo, arm);
  }
}, 120_000);
