import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { prepareArm, removeArm } from '../../../src/optimize/campaign/arms/prepare-arm.js';
import { armPreparedLine } from '../../../src/optimize/campaign/arms/prepare-arms.js';
import { seedInstall } from '../../../src/optimize/campaign/arms/setup-arm.js';
import { validateProductManifest } from '../../../src/trajectory/index.js';
import { git, makeProductRepo, tempDir } from './helpers.js';

// The build counts its runs in BUILD_LOG and writes what src/input.txt says into dist/, so a test
// sees both whether it ran and what the worktree ended with.
const BUILD = `import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
appendFileSync(process.env.BUILD_LOG, 'built\\n');
mkdirSync('dist/nested', { recursive: true });
writeFileSync('dist/nested/out.txt', readFileSync('src/input.txt', 'utf8'));
`;

function product(root: string, manifest: Record<string, unknown>) {
  const base = {
    name: 'fixture-product',
    setup: 'npm ci && node build.mjs',
    serve: ['node', 'bin/serve.mjs'],
    harness: ['node', 'bin/harness.mjs'],
    ...manifest,
  };
  const files = (input: string, config: string) => ({
    'build.mjs': BUILD,
    'package-lock.json': '{"lockfileVersion": 3}\n',
    'src/input.txt': input,
    'config.txt': config,
  });
  const { repo, shas } = makeProductRepo(root, [
    { subject: 'one', outcome: 'answered', manifest: base, files: files('one', 'a') },
    { subject: 'config changed', outcome: 'answered', manifest: base, files: files('one', 'b') },
    { subject: 'input changed', outcome: 'answered', manifest: base, files: files('two', 'b') },
  ]);
  // The install step is a cache hit from the start (seeded), so only the build step runs.
  const modules = join(root, 'modules');
  mkdirSync(modules);
  const installCache = join(root, 'installs');
  seedInstall({ checkout: repo, install: 'npm ci', modules, installCache });
  return { repo, shas, installCache };
}

describe('setup_outputs: a build kept by what it reads and linked into a later worktree', () => {
  test('with setup_inputs, commits that differ elsewhere share one build; a changed input builds again', async () => {
    using dir = tempDir();
    const { repo, shas, installCache } = product(dir.path, {
      setup_inputs: ['src', 'build.mjs'],
      setup_outputs: ['dist'],
    });
    const log = join(dir.path, 'builds.log');
    const env = { ...process.env, BUILD_LOG: log };
    const worktreesDir = join(dir.path, 'wt');
    const prepare = (arm: string, commit: string) =>
      prepareArm({ repo, arm, commit, worktreesDir, installCache, env });
    const runs = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;

    const first = await prepare('first', shas[0]!);
    expect(first.setup.buildReused).toBe(false);
    expect(runs()).toBe(1);
    // A user edits a built file in the worktree: the kept copy is not the worktree's.
    writeFileSync(join(first.worktree, 'dist/nested/out.txt'), 'edited');

    const config = await prepare('config', shas[1]!);
    expect(config.setup.buildReused).toBe(true);
    expect(runs()).toBe(1);
    expect(readFileSync(join(config.worktree, 'dist/nested/out.txt'), 'utf8')).toBe('one');
    expect(armPreparedLine(config)).toContain('its build too (same tree)');
    // Restored as hard links to the kept files: one edited in place edits the kept build too,
    // which the next worktree finds changed, so it builds again rather than reuse it.
    expect(statSync(join(config.worktree, 'dist/nested/out.txt')).nlink).toBe(2);
    writeFileSync(join(config.worktree, 'dist/nested/out.txt'), 'edited through the link');
    const again = await prepare('again', shas[1]!);
    expect(again.setup.buildReused).toBe(false);
    expect(runs()).toBe(2);
    expect(readFileSync(join(again.worktree, 'dist/nested/out.txt'), 'utf8')).toBe('one');

    const input = await prepare('input', shas[2]!);
    expect(input.setup.buildReused).toBe(false);
    expect(runs()).toBe(3);
    expect(readFileSync(join(input.worktree, 'dist/nested/out.txt'), 'utf8')).toBe('two');
    expect(armPreparedLine(input)).not.toContain('its build too');
    for (const arm of [first, config, again, input]) await removeArm(repo, arm);
  }, 60_000);

  test('without setup_inputs the whole tree keys the build; without setup_outputs nothing is kept', async () => {
    using dir = tempDir();
    const log = join(dir.path, 'builds.log');
    const env = { ...process.env, BUILD_LOG: log };
    const runs = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    const whole = product(join(dir.path, 'whole'), { setup_outputs: ['dist'] });
    const none = product(join(dir.path, 'none'), {});
    const arms = [];
    for (const [name, p, commit] of [
      ['a', whole, whole.shas[0]],
      ['b', whole, whole.shas[1]],
      ['c', whole, whole.shas[0]],
      ['d', none, none.shas[0]],
      ['e', none, none.shas[0]],
    ] as const) {
      const worktreesDir = join(dir.path, 'wt');
      arms.push({
        repo: p.repo,
        arm: await prepareArm({
          repo: p.repo,
          arm: name,
          commit: commit!,
          worktreesDir,
          installCache: p.installCache,
          env,
        }),
      });
    }
    expect(arms.map(({ arm }) => arm.setup.buildReused)).toEqual([false, false, true, false, false]);
    expect(runs()).toBe(4);
    expect(existsSync(join(none.installCache, arms[3]!.arm.setup.installKey!, 'builds'))).toBe(false);
    for (const { repo, arm } of arms) await removeArm(repo, arm);
  }, 60_000);

  test('a build whose worktree differs from its commit is neither reused nor kept', async () => {
    using dir = tempDir();
    const { repo, installCache } = product(dir.path, {
      setup: 'npm ci && node edit.mjs && node build.mjs',
      setup_outputs: ['dist'],
      setup_inputs: ['src', 'build.mjs'],
    });
    // The build step edits a tracked file first: what it built is not what the commit says.
    writeFileSync(
      join(repo, 'edit.mjs'),
      "import { appendFileSync } from 'node:fs';\nappendFileSync('config.txt', '!');\n",
    );
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'edit');
    const head = git(repo, 'rev-parse', 'HEAD');
    const env = { ...process.env, BUILD_LOG: join(dir.path, 'builds.log') };
    const worktreesDir = join(dir.path, 'wt');
    const a = await prepareArm({ repo, arm: 'a', commit: head, worktreesDir, installCache, env });
    const b = await prepareArm({ repo, arm: 'b', commit: head, worktreesDir, installCache, env });
    expect([a.setup.buildReused, b.setup.buildReused]).toEqual([false, false]);
    expect(readFileSync(join(dir.path, 'builds.log'), 'utf8')).toBe('built\nbuilt\n');
    for (const arm of [a, b]) await removeArm(repo, arm);
  }, 60_000);

  test('a path outside the root is refused by key, naming the file', () => {
    const manifest = { name: 'p', serve: ['node', 's.js'] };
    for (const [key, value] of [
      ['setup_outputs', ['../dist']],
      ['setup_outputs', ['/abs/dist']],
      ['setup_inputs', ['.']],
      ['setup_outputs', []],
    ] as const) {
      expect(() =>
        validateProductManifest({ ...manifest, [key]: value }, 'agent-track.product.yaml'),
      ).toThrow(new RegExp(`agent-track.product.yaml.*${key}`));
    }
  });
});
