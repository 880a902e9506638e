import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { prepareArms } from '../../../src/optimize/campaign/arms/prepare-arms.js';
import { git, linkedWorktrees, makeProductRepo, tempDir } from './helpers.js';
import { lockfile, packedDependency } from './installed-product.js';

const MANIFEST = {
  name: 'fixture-product',
  serve: ['node', 'bin/serve.mjs'],
  harness: ['node', 'bin/harness.mjs'],
};
// The build stamps each run of it, so a reused worktree is told from one set up again.
const BUILD = {
  'build.mjs':
    "import { mkdirSync, writeFileSync } from 'node:fs'; mkdirSync('dist', { recursive: true }); writeFileSync('dist/built.txt', String(Math.random()));\n",
};

function twoArmRepo(root: string, manifest: Record<string, unknown>, files: Record<string, string | Buffer>) {
  const { repo, shas } = makeProductRepo(root, [
    { subject: 'baseline', outcome: 'answered', manifest, files },
    { subject: 'candidate', outcome: 'budget_exhausted', manifest, files },
  ]);
  return {
    repo,
    arms: [
      { arm: 'baseline', commit: shas[0]! },
      { arm: 'candidate', commit: shas[1]! },
    ],
  };
}

const stamp = (worktree: string) => readFileSync(join(worktree, 'dist/built.txt'), 'utf8');

describe('prepareArms keeps a stopped run worktrees for its resume', () => {
  test('kept on release({ keep }), reused as they are (no setup, the log says so), removed by a finished run', async () => {
    using dir = tempDir();
    const { repo, arms } = twoArmRepo(dir.path, { ...MANIFEST, setup: 'node build.mjs' }, BUILD);
    const recordFile = join(dir.path, 'worktrees.json');
    const first = await prepareArms({ repo, arms, recordFile, installCache: null });
    const stamps = first.arms.map((arm) => stamp(arm.worktree));
    await first.release({ keep: true });
    expect(first.arms.every((arm) => existsSync(arm.worktree))).toBe(true);
    expect(JSON.parse(readFileSync(recordFile, 'utf8'))).toHaveLength(2);

    const lines: string[] = [];
    const second = await prepareArms({
      repo,
      arms,
      recordFile,
      installCache: null,
      log: (l) => lines.push(l),
    });
    expect(second.arms.map((arm) => arm.worktree)).toEqual(first.arms.map((arm) => arm.worktree));
    expect(second.arms.map((arm) => arm.setup.install)).toEqual(['kept', 'kept']);
    expect(second.arms.map((arm) => stamp(arm.worktree))).toEqual(stamps);
    expect(lines).toEqual([
      `baseline: worktree at ${arms[0]!.commit.slice(0, 12)}; the worktree the stopped run set up, reused as it is (commit, setup and install unchanged)`,
      `candidate: worktree at ${arms[1]!.commit.slice(0, 12)}; the worktree the stopped run set up, reused as it is (commit, setup and install unchanged)`,
    ]);
    await second.release();
    expect(second.arms.some((arm) => existsSync(arm.worktree))).toBe(false);
    expect(existsSync(recordFile)).toBe(false);
    expect(linkedWorktrees(repo)).toEqual([]);
  });

  test('a kept worktree with a changed tracked file, or another commit for its arm, is removed and set up afresh', async () => {
    using dir = tempDir();
    const { repo, arms } = twoArmRepo(dir.path, { ...MANIFEST, setup: 'node build.mjs' }, BUILD);
    const recordFile = join(dir.path, 'worktrees.json');
    const first = await prepareArms({ repo, arms, recordFile, installCache: null });
    await first.release({ keep: true });
    writeFileSync(join(first.arms[0]!.worktree, 'product.json'), '{"edited": true}\n');
    const moved = [arms[0]!, { arm: 'candidate', commit: arms[0]!.commit }];
    const second = await prepareArms({ repo, arms: moved, recordFile, installCache: null });
    try {
      expect(second.arms.map((arm) => arm.setup.install)).toEqual(['none', 'none']);
      expect(first.arms.some((arm) => existsSync(arm.worktree))).toBe(false);
      expect(git(second.arms[1]!.worktree, 'rev-parse', 'HEAD')).toBe(arms[0]!.commit);
      expect(linkedWorktrees(repo)).toHaveLength(2);
    } finally {
      await second.release();
    }
    expect(linkedWorktrees(repo)).toEqual([]);
  });

  test('a plan keeps what a stopped run left and removes its own unbuilt worktrees; a record in the old form is removed', async () => {
    using dir = tempDir();
    const { repo, arms } = twoArmRepo(dir.path, { ...MANIFEST, setup: 'node build.mjs' }, BUILD);
    const recordFile = join(dir.path, 'worktrees.json');
    const run = await prepareArms({ repo, arms: arms.slice(0, 1), recordFile, installCache: null });
    await run.release({ keep: true });
    const plan = await prepareArms({ repo, arms, recordFile, installCache: null, setup: false });
    expect(plan.arms.map((arm) => arm.setup.install)).toEqual(['kept', 'skipped']);
    await plan.release({ keep: true });
    expect(existsSync(run.arms[0]!.worktree)).toBe(true);
    expect(existsSync(plan.arms[1]!.worktree)).toBe(false);
    // A record from before worktrees were kept names only repo and dir: never reused, removed.
    writeFileSync(recordFile, `${JSON.stringify([{ repo, dir: run.arms[0]!.worktree }])}\n`);
    const after = await prepareArms({ repo, arms: arms.slice(0, 1), recordFile, installCache: null });
    expect(after.arms[0]!.setup.install).toBe('none');
    await after.release();
    // A record naming a repository that is gone: its directory is removed, nothing throws.
    const orphan = join(dir.path, 'orphan-worktree');
    mkdirSync(orphan);
    writeFileSync(recordFile, `${JSON.stringify([{ repo: join(dir.path, 'gone'), dir: orphan }])}\n`);
    const last = await prepareArms({ repo, arms: arms.slice(0, 1), recordFile, installCache: null });
    expect(existsSync(orphan)).toBe(false);
    await last.release();
    expect(linkedWorktrees(repo)).toEqual([]);
  });

  test('a kept worktree whose cached install is gone is set up again', async () => {
    using dir = tempDir();
    const files = { ...packedDependency(dir.path), ...BUILD };
    const manifest = { ...MANIFEST, setup: 'npm ci --offline --no-audit --no-fund && node build.mjs' };
    const { repo, shas } = makeProductRepo(dir.path, [
      { subject: 'deps', outcome: 'answered', manifest, files },
    ]);
    writeFileSync(join(repo, 'package-lock.json'), lockfile(repo));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'lockfile');
    const arms = [{ arm: 'baseline', commit: git(repo, 'rev-parse', 'HEAD') }];
    expect(shas).toHaveLength(1);
    const recordFile = join(dir.path, 'worktrees.json');
    const installCache = join(dir.path, 'installs');
    const first = await prepareArms({ repo, arms, recordFile, installCache });
    await first.release({ keep: true });
    const kept = await prepareArms({ repo, arms, recordFile, installCache });
    expect(kept.arms[0]!.setup).toMatchObject({
      install: 'kept',
      installKey: first.arms[0]!.setup.installKey,
    });
    await kept.release({ keep: true });
    rmSync(join(installCache, first.arms[0]!.setup.installKey!), { recursive: true, force: true });
    const again = await prepareArms({ repo, arms, recordFile, installCache });
    expect(again.arms[0]!.setup.install).toBe('installed');
    expect(existsSync(join(again.arms[0]!.worktree, 'node_modules/fixture-harness/bin.mjs'))).toBe(true);
    await again.release();
    expect(linkedWorktrees(repo)).toEqual([]);
  }, 60_000);
});
