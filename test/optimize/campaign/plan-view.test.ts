import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readArmManifest } from '../../../src/optimize/campaign/arms/arm-manifest.js';
import { addPlanView } from '../../../src/optimize/campaign/arms/plan-view.js';
import { prepareArms } from '../../../src/optimize/campaign/arms/prepare-arms.js';
import { addWorktree, removeWorktree } from '../../../src/optimize/campaign/arms/worktree.js';
import { indexCodeId } from '../../../src/product/index.js';
import { filesUnder, git, linkedWorktrees, tempDir } from './helpers.js';

const MANIFEST = {
  name: 'viewed',
  serve: ['node', 'bin/serve.mjs'],
  harness: ['node', 'bin/harness.mjs'],
  artifacts: {
    tool_docs: 'docs/[tools].yaml',
    usage_skill: 'docs/skill.md',
    ask_prompt: 'prompts/ask.md',
  },
};

// A repository whose one commit holds a product and much a plan never reads.
function viewedRepo(root: string): { repo: string; sha: string } {
  const repo = join(root, 'repo');
  const files: Record<string, string> = {
    'agent-track.product.yaml': JSON.stringify(MANIFEST),
    'docs/[tools].yaml': 'search:\n  description: Search.\n',
    'docs/skill.md': 'the skill\n',
    'shared/ask-prompt.md': 'the prompt, through a link\n',
    'configs/serving/default.yaml': 'hybrid: { mode: lexical }\n',
    'configs/serving/other.yaml': 'not read\n',
    'src/product/index-build/build.ts': 'export const build = 1;\n',
    'src/product/text/split.ts': 'export const split = 2;\n',
    'src/product/serving/schema.ts': 'export const schema = 3;\n',
    'src/product/serving/search.ts': 'query-time code: not in the index code\n',
    'src/product/bundle/tool.sh': '#!/bin/sh\necho hi\n',
    'src/cli/main.ts': 'not read\n',
    'bin/serve.mjs': 'not read\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  chmodSync(join(repo, 'src/product/bundle/tool.sh'), 0o755);
  mkdirSync(join(repo, 'prompts'));
  symlinkSync('../shared/ask-prompt.md', join(repo, 'prompts/ask.md'));
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'viewed');
  return { repo, sha: git(repo, 'rev-parse', 'HEAD') };
}

describe('addPlanView', () => {
  test('writes only what a plan reads, as the commit holds it, and no worktree', async () => {
    using dir = tempDir();
    const { repo, sha } = viewedRepo(dir.path);
    // Changed after the commit: the view is the commit's, not the working tree's.
    writeFileSync(join(repo, 'docs/skill.md'), 'edited, not committed\n');
    const view = await addPlanView(repo, sha, join(dir.path, 'views/baseline'));
    expect(
      filesUnder(view)
        .map((file) => relative(view, file))
        .sort(),
    ).toEqual([
      'agent-track.product.yaml',
      'configs/serving/default.yaml',
      'docs/[tools].yaml',
      'docs/skill.md',
      'shared/ask-prompt.md',
      'src/product/bundle/tool.sh',
      'src/product/index-build/build.ts',
      'src/product/serving/schema.ts',
      'src/product/text/split.ts',
    ]);
    expect(readFileSync(join(view, 'docs/skill.md'), 'utf8')).toBe('the skill\n');
    expect(lstatSync(join(view, 'prompts/ask.md')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(view, 'prompts/ask.md'))).toBe('../shared/ask-prompt.md');
    expect(readFileSync(join(view, 'prompts/ask.md'), 'utf8')).toBe('the prompt, through a link\n');
    expect(statSync(join(view, 'src/product/bundle/tool.sh')).mode & 0o111).not.toBe(0);
    expect(linkedWorktrees(repo)).toEqual([]);
    // The manifest loads from the view with every artifact in place, as from a checkout.
    expect(readArmManifest(view).artifacts).toEqual(MANIFEST.artifacts);
    // Its index code is the checkout's.
    const worktree = await addWorktree(repo, sha, join(dir.path, 'wt'));
    expect(indexCodeId(view)).toBe(indexCodeId(worktree));
    await removeWorktree(repo, worktree);
  });

  test('a manifest that is a link brings its target and the artifacts the target names', async () => {
    using dir = tempDir();
    const repo = join(dir.path, 'repo');
    mkdirSync(join(repo, 'product/docs'), { recursive: true });
    writeFileSync(join(repo, 'product/manifest.yaml'), JSON.stringify(MANIFEST));
    symlinkSync('product/manifest.yaml', join(repo, 'agent-track.product.yaml'));
    for (const path of Object.values(MANIFEST.artifacts)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), `${path}\n`);
    }
    writeFileSync(join(repo, 'unrelated.txt'), 'not read\n');
    git(repo, 'init', '-q', '-b', 'main');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'linked manifest');
    const view = await addPlanView(repo, git(repo, 'rev-parse', 'HEAD'), join(dir.path, 'view'));
    expect(readArmManifest(view).artifacts).toEqual(MANIFEST.artifacts);
    expect(readFileSync(join(view, 'prompts/ask.md'), 'utf8')).toBe('prompts/ask.md\n');
    expect(existsSync(join(view, 'unrelated.txt'))).toBe(false);
  });

  test('a commit without a manifest gives a view the manifest check refuses by name', async () => {
    using dir = tempDir();
    const repo = join(dir.path, 'repo');
    mkdirSync(repo);
    writeFileSync(join(repo, 'README.md'), 'no product here\n');
    git(repo, 'init', '-q', '-b', 'main');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'no manifest');
    const view = await addPlanView(repo, git(repo, 'rev-parse', 'HEAD'), join(dir.path, 'view'));
    expect(() => readArmManifest(view)).toThrow(
      expect.objectContaining({ code: 'PRODUCT_MANIFEST_MISSING' }),
    );
  });

  test('refuses a directory that exists, and a commit the repository lacks', async () => {
    using dir = tempDir();
    const { repo, sha } = viewedRepo(dir.path);
    mkdirSync(join(dir.path, 'taken'));
    await expect(addPlanView(repo, sha, join(dir.path, 'taken'))).rejects.toMatchObject({
      code: 'WORKTREE_EXISTS',
    });
    await expect(addPlanView(repo, 'f'.repeat(40), join(dir.path, 'view'))).rejects.toMatchObject({
      code: 'WORKTREE_ADD_FAILED',
      message: expect.stringContaining(`Cannot read commit \`${'f'.repeat(40)}\``),
    });
  });
});

describe('prepareArms for a plan', () => {
  test('views each commit, records them as views and removes them on release', async () => {
    using dir = tempDir();
    const { repo, sha } = viewedRepo(dir.path);
    const recordFile = join(dir.path, 'worktrees.json');
    const lines: string[] = [];
    const prepared = await prepareArms({
      repo,
      arms: [{ arm: 'baseline', commit: sha }],
      recordFile,
      installCache: null,
      setup: false,
      log: (line) => lines.push(line),
    });
    const [arm] = prepared.arms;
    expect(arm!.view).toBe(true);
    expect(arm!.setup.install).toBe('skipped');
    expect(lines).toEqual([
      `baseline: read at ${sha.slice(0, 12)} from git (its manifest, artifacts, serving config and index code; nothing checked out); no setup (a plan builds nothing)`,
    ]);
    expect(JSON.parse(readFileSync(recordFile, 'utf8'))).toEqual([
      { repo, dir: arm!.worktree, arm: 'baseline', commit: sha, view: true },
    ]);
    await prepared.release();
    expect(existsSync(arm!.worktree)).toBe(false);
    expect(existsSync(recordFile)).toBe(false);
  });
});
