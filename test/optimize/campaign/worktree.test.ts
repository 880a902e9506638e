import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { prepareArm, removeArm } from '../../../src/optimize/campaign/arms/prepare-arm.js';
import { assertProductInWorktree } from '../../../src/optimize/campaign/arms/product-location.js';
import { splitSetup } from '../../../src/optimize/campaign/arms/setup-arm.js';
import { addWorktree, removeWorktree } from '../../../src/optimize/campaign/arms/worktree.js';
import { git, linkedWorktrees, makeProductRepo, tempDir } from './helpers.js';
import { lockfile, packedDependency } from './installed-product.js';

const BASE_MANIFEST = {
  name: 'fixture-product',
  serve: ['node', 'bin/serve.mjs'],
  harness: ['node', 'bin/harness.mjs'],
};

describe('prepareArm', () => {
  test('adds a worktree at the commit, reads its own manifest, and removes it', async () => {
    using dir = tempDir();
    const { repo, shas } = makeProductRepo(dir.path, [
      { subject: 'one', outcome: 'answered' },
      { subject: 'two', outcome: 'budget_exhausted' },
    ]);
    const arm = await prepareArm({
      repo,
      arm: 'baseline',
      commit: shas[0]!,
      worktreesDir: join(dir.path, 'wt'),
      installCache: null,
    });
    expect(arm.worktree).toBe(join(dir.path, 'wt', 'baseline'));
    expect(git(arm.worktree, 'rev-parse', 'HEAD')).toBe(shas[0]);
    expect(JSON.parse(readFileSync(join(arm.worktree, 'product.json'), 'utf8')).outcome).toBe('answered');
    expect(arm.harness).toEqual(['node', 'bin/harness.mjs']);
    expect(linkedWorktrees(repo)).toHaveLength(1);
    await removeArm(repo, arm);
    expect(existsSync(arm.worktree)).toBe(false);
    expect(linkedWorktrees(repo)).toEqual([]);
  });

  test('a failing setup removes the worktree and names the command', async () => {
    using dir = tempDir();
    const { repo, shas } = makeProductRepo(dir.path, [
      {
        subject: 'broken setup',
        outcome: 'answered',
        manifest: { ...BASE_MANIFEST, setup: 'echo installing && exit 3' },
      },
    ]);
    const worktreesDir = join(dir.path, 'wt');
    await expect(
      prepareArm({ repo, arm: 'candidate', commit: shas[0]!, worktreesDir, installCache: null }),
    ).rejects.toMatchObject({
      code: 'ARM_SETUP_FAILED',
      message: expect.stringContaining('`echo installing && exit 3` failed'),
    });
    expect(existsSync(join(worktreesDir, 'candidate'))).toBe(false);
    expect(linkedWorktrees(repo)).toEqual([]);
  });

  test('reuses an install when the lockfile is byte-identical, installs again when it changes', async () => {
    using dir = tempDir();
    const files = packedDependency(dir.path);
    const manifest = { ...BASE_MANIFEST, setup: 'npm ci --offline --no-audit --no-fund && node build.mjs' };
    const { repo } = makeProductRepo(dir.path, [{ subject: 'deps', outcome: 'answered', manifest, files }]);
    writeFileSync(join(repo, 'package-lock.json'), lockfile(repo));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'lockfile');
    const first = git(repo, 'rev-parse', 'HEAD');
    writeFileSync(
      join(repo, 'product.json'),
      JSON.stringify({ name: 'x', outcome: 'answered', known_keys: [] }),
    );
    git(repo, 'commit', '-qam', 'same lockfile');
    const second = git(repo, 'rev-parse', 'HEAD');
    writeFileSync(
      join(repo, 'package-lock.json'),
      `${readFileSync(join(repo, 'package-lock.json'), 'utf8')}\n`,
    );
    git(repo, 'commit', '-qam', 'lockfile bytes changed');
    const third = git(repo, 'rev-parse', 'HEAD');
    const installCache = join(dir.path, 'installs');
    const worktreesDir = join(dir.path, 'wt');

    const baseline = await prepareArm({ repo, arm: 'baseline', commit: first, worktreesDir, installCache });
    const candidate = await prepareArm({
      repo,
      arm: 'candidate',
      commit: second,
      worktreesDir,
      installCache,
    });
    const changed = await prepareArm({ repo, arm: 'changed', commit: third, worktreesDir, installCache });
    try {
      expect(changed.setup.install).toBe('installed');
      expect(changed.setup.installKey).not.toBe(baseline.setup.installKey);
      expect(baseline.setup.install).toBe('installed');
      expect(candidate.setup.install).toBe('reused');
      expect(candidate.setup.installKey).toBe(baseline.setup.installKey);
      for (const arm of [baseline, candidate]) {
        expect(lstatSync(join(arm.worktree, 'node_modules')).isSymbolicLink()).toBe(true);
        expect(readFileSync(join(arm.worktree, 'dist/built.txt'), 'utf8')).toBe('built');
        expect(existsSync(join(arm.worktree, 'node_modules/fixture-harness/bin.mjs'))).toBe(true);
      }
    } finally {
      await removeArm(repo, baseline);
      await removeArm(repo, candidate);
      await removeArm(repo, changed);
    }
    // Removing a worktree unlinks the install, never deletes the cached copy.
    expect(existsSync(join(installCache, baseline.setup.installKey!, 'node_modules/fixture-harness'))).toBe(
      true,
    );
  }, 60_000);

  test('an installed copy the commit does not pin is refused as the harness, naming the package and why', async () => {
    using dir = tempDir();
    const files = packedDependency(dir.path);
    const manifest = {
      ...BASE_MANIFEST,
      setup: 'npm ci --offline --no-audit --no-fund',
      harness: ['fixture-harness'],
    };
    const { repo } = makeProductRepo(dir.path, [{ subject: 'deps', outcome: 'answered', manifest, files }]);
    writeFileSync(join(repo, 'package-lock.json'), lockfile(repo));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'lockfile');
    const worktreesDir = join(dir.path, 'wt');
    await expect(
      prepareArm({ repo, arm: 'candidate', commit: 'HEAD', worktreesDir, installCache: null }),
    ).rejects.toMatchObject({
      code: 'ARM_PRODUCT_UNPINNED',
      message:
        "The `harness` command of arm `candidate` runs `fixture-harness` from its node_modules, but its `package.json` asks for `fixture-harness@file:./vendor/fixture-harness-1.0.0.tgz`, not one exact version: only a dependency the commit pins is measured as the commit's",
    });
    expect(existsSync(join(worktreesDir, 'candidate'))).toBe(false);
    expect(linkedWorktrees(repo)).toEqual([]);
  }, 60_000);
});

describe('assertProductInWorktree', () => {
  // A worktree with `name` installed at `installed`, asked for as `wanted`, locked at `locked`.
  function withDependency(root: string, options: { wanted: string; locked?: string; installed: string }) {
    const name = '@acme/mcp-server';
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({ name: 'p', devDependencies: { [name]: options.wanted } }),
    );
    const packages: Record<string, unknown> = { '': { name: 'p' } };
    if (options.locked !== undefined) packages[`node_modules/${name}`] = { version: options.locked };
    writeFileSync(join(root, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages }));
    const dir = join(root, 'node_modules', name);
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: options.installed }));
    writeFileSync(join(dir, 'dist/index.js'), '', { mode: 0o755 });
    mkdirSync(join(root, 'node_modules/.bin'));
    symlinkSync('../@acme/mcp-server/dist/index.js', join(root, 'node_modules/.bin/acme-mcp'));
  }
  const serve = (worktree: string, argv: string[]) =>
    assertProductInWorktree({ arm: 'candidate', worktree, role: 'serve', argv });

  test('a server the commit pins (package.json exact, lockfile and install agreeing) is accepted, by path or by bin', () => {
    using dir = tempDir();
    withDependency(dir.path, { wanted: '1.4.2', locked: '1.4.2', installed: '1.4.2' });
    const entry = join(dir.path, 'node_modules/@acme/mcp-server/dist/index.js');
    expect(serve(dir.path, ['node', 'node_modules/@acme/mcp-server/dist/index.js', '{corpus}'])).toBe(entry);
    expect(serve(dir.path, ['acme-mcp', '{corpus}'])).toBe(join(dir.path, 'node_modules/.bin/acme-mcp'));
  });

  test.each([
    [
      { wanted: '^1.4.2', locked: '1.4.2', installed: '1.4.2' },
      'its `package.json` asks for `@acme/mcp-server@^1.4.2`, not one exact version',
    ],
    [
      { wanted: '1.4.2', installed: '1.4.2' },
      '`@acme/mcp-server` is not in its lockfile (`package-lock.json`)',
    ],
    [
      { wanted: '1.4.2', locked: '1.4.1', installed: '1.4.2' },
      'its lockfile has `@acme/mcp-server@1.4.1` where `package.json` pins 1.4.2',
    ],
    [
      { wanted: '1.4.2', locked: '1.4.2', installed: '1.5.0' },
      'the installed `@acme/mcp-server` is 1.5.0, not the pinned 1.4.2',
    ],
  ])('an installed server not pinned (%j) is refused by name', (versions, why) => {
    using dir = tempDir();
    withDependency(dir.path, versions);
    expect(() => serve(dir.path, ['acme-mcp'])).toThrow(
      `The \`serve\` command of arm \`candidate\` runs \`@acme/mcp-server\` from its node_modules, but ${why}`,
    );
  });

  test('a runner (npx, npm exec, pnpm dlx, bunx) must name one exact version', () => {
    using dir = tempDir();
    for (const argv of [
      ['npx', '-y', '@modelcontextprotocol/server-filesystem@2026.8.31', '{corpus}'],
      ['npm', 'exec', '--', 'mcp-server@1.0.0'],
      ['pnpm', 'dlx', 'mcp-server@1.0.0-beta.2'],
      ['bunx', '--package', 'mcp-server@2.0.0', 'serve'],
    ])
      expect(serve(dir.path, argv)).toMatch(/@\d/);
    expect(() =>
      serve(dir.path, ['npx', '-y', '@modelcontextprotocol/server-filesystem', '{corpus}']),
    ).toThrow(
      'The `serve` command of arm `candidate` runs `@modelcontextprotocol/server-filesystem` with no version: name one exact version (`@modelcontextprotocol/server-filesystem@1.2.3`)',
    );
    expect(() => serve(dir.path, ['npx', 'mcp-server@latest'])).toThrow('runs `mcp-server` at `latest`');
    expect(() => serve(dir.path, ['npx', 'mcp-server@^1.0.0'])).toThrow(
      expect.objectContaining({ code: 'ARM_PRODUCT_UNPINNED' }),
    );
  });

  test('a bare command found only on the inherited PATH is refused', () => {
    using dir = tempDir();
    const worktree = join(dir.path, 'wt');
    const global = join(dir.path, 'global-bin');
    mkdirSync(worktree);
    mkdirSync(global);
    writeFileSync(join(global, 'product-harness'), '#!/bin/sh\n', { mode: 0o755 });
    expect(() =>
      assertProductInWorktree({
        arm: 'baseline',
        worktree,
        role: 'harness',
        argv: ['product-harness', 'run'],
        path: `${join(worktree, 'node_modules/.bin')}:${worktree}:${global}`,
      }),
    ).toThrow(`resolves to \`${realpathSync(global)}/product-harness\`, outside its worktree`);
  });

  test.each([
    [['node', '--import', 'tsx', 'src/cli.ts', 'harness'], 'src/cli.ts'],
    [['./bin/harness', 'run'], 'bin/harness'],
    [['harness'], 'harness'],
  ])('accepts %j resolving inside the worktree', (argv, entry) => {
    using dir = tempDir();
    mkdirSync(join(dir.path, 'src'));
    mkdirSync(join(dir.path, 'bin'));
    writeFileSync(join(dir.path, 'src/cli.ts'), '');
    writeFileSync(join(dir.path, 'bin/harness'), '');
    writeFileSync(join(dir.path, 'harness'), '', { mode: 0o755 });
    expect(assertProductInWorktree({ arm: 'a', worktree: dir.path, role: 'harness', argv })).toBe(
      join(realpathSync(dir.path), entry),
    );
  });

  test('a bare name resolves on PATH as a shell resolves it: the first executable file, a file that is not executable passed over', () => {
    using dir = tempDir();
    const worktree = join(dir.path, 'wt');
    const global = join(dir.path, 'global-bin');
    mkdirSync(worktree);
    mkdirSync(global);
    writeFileSync(join(worktree, 'serve-it'), 'not executable\n');
    writeFileSync(join(global, 'serve-it'), '#!/bin/sh\n', { mode: 0o755 });
    const path = `${join(worktree, 'node_modules/.bin')}:${worktree}:${global}`;
    const check = () =>
      assertProductInWorktree({ arm: 'baseline', worktree, role: 'serve', argv: ['serve-it'], path });
    // The worktree's copy cannot run, so the shell would run the machine's: refused as outside.
    expect(check).toThrow(`resolves to \`${realpathSync(global)}/serve-it\`, outside its worktree`);
    chmodSync(join(worktree, 'serve-it'), 0o755);
    expect(check()).toBe(join(realpathSync(worktree), 'serve-it'));
  });

  test.each([
    [
      'a pinned runner',
      ['sh', '-c', 'exec npx --no @modelcontextprotocol/server-filesystem@2026.8.31 "$0"', '{corpus}'],
      '@modelcontextprotocol/server-filesystem@2026.8.31',
    ],
    [
      "the commit's own script",
      ['bash', '-ec', 'NODE_ENV=production exec node dist/serve.js "$@"'],
      'dist/serve.js',
    ],
  ])('a shell -c script is checked as the command it runs: %s', (_, argv, entry) => {
    using dir = tempDir();
    mkdirSync(join(dir.path, 'dist'));
    writeFileSync(join(dir.path, 'dist/serve.js'), '');
    const checked = assertProductInWorktree({ arm: 'a', worktree: dir.path, role: 'serve', argv });
    expect(checked).toBe(entry.startsWith('dist/') ? join(realpathSync(dir.path), entry) : entry);
  });

  test('a shell script running an unpinned package, or more than one command, is refused by name', () => {
    using dir = tempDir();
    const serve = (argv: string[]) => () =>
      assertProductInWorktree({ arm: 'a', worktree: dir.path, role: 'serve', argv });
    expect(serve(['sh', '-c', 'npx mcp-server "$0"', '{corpus}'])).toThrow(
      'The `serve` command of arm `a` runs `mcp-server` with no version',
    );
    expect(serve(['sh', '-c', 'cd sub && node serve.js'])).toThrow(
      'The `serve` command of arm `a` runs a shell script that is not one simple command (`sh -c cd sub && node serve.js`): what it runs cannot be checked against the commit; run the command itself, or `sh -c \'exec CMD "$0"\' ARG`',
    );
    expect(serve(['sh', '-c', 'node $(cat entry)'])).toThrow(
      expect.objectContaining({ code: 'ARM_PRODUCT_NOT_FOUND' }),
    );
  });

  test('a serve entry that is not there is refused by name', () => {
    using dir = tempDir();
    expect(() =>
      assertProductInWorktree({
        arm: 'baseline',
        worktree: dir.path,
        role: 'serve',
        argv: ['node', 'dist/cli.js'],
      }),
    ).toThrow(expect.objectContaining({ code: 'ARM_PRODUCT_NOT_FOUND' }));
  });
});

test('splitSetup finds a leading install step', () => {
  expect(splitSetup('npm ci && npm run build')).toEqual({ install: 'npm ci', rest: 'npm run build' });
  expect(splitSetup('pnpm install --frozen-lockfile')).toEqual({
    install: 'pnpm install --frozen-lockfile',
    rest: null,
  });
  expect(splitSetup('make && npm ci')).toEqual({ install: null, rest: 'make && npm ci' });
  expect(splitSetup('npm ci; rm -rf /')).toEqual({ install: null, rest: 'npm ci; rm -rf /' });
});

describe('addWorktree while another process writes a worktree of the same repository', () => {
  // A worktree entry as git leaves it for a moment while it adds one: its `commondir` created but
  // still empty. Every `git worktree` command in the repository dies on it while it lasts.
  function halfWritten(repo: string): string {
    const entry = join(repo, '.git', 'worktrees', 'being-added');
    mkdirSync(entry, { recursive: true });
    writeFileSync(join(entry, 'commondir'), '');
    writeFileSync(join(entry, 'gitdir'), join(repo, '..', 'elsewhere', '.git'));
    return entry;
  }

  test('waits it out: the worktree is added once the entry is whole', async () => {
    using dir = tempDir();
    const { repo, shas } = makeProductRepo(dir.path, [{ subject: 'one', outcome: 'answered' }]);
    const entry = halfWritten(repo);
    // git itself refuses while the entry is half written.
    expect(() => git(repo, 'worktree', 'list')).toThrow(/failed to read .*being-added.commondir/);
    // The other process finishes its entry a moment later.
    const finished = setTimeout(() => rmSync(entry, { recursive: true, force: true }), 150);
    const worktree = await addWorktree(repo, shas[0]!, join(dir.path, 'wt', 'baseline'));
    clearTimeout(finished);
    expect(git(worktree, 'rev-parse', 'HEAD')).toBe(shas[0]);
    await removeWorktree(repo, worktree);
    expect(existsSync(worktree)).toBe(false);
    expect(linkedWorktrees(repo)).toEqual([]);
  });

  test('an entry that stays half written is refused by name after the retries, nothing added', async () => {
    using dir = tempDir();
    const { repo, shas } = makeProductRepo(dir.path, [{ subject: 'one', outcome: 'answered' }]);
    halfWritten(repo);
    const target = join(dir.path, 'wt', 'candidate');
    await expect(addWorktree(repo, shas[0]!, target)).rejects.toMatchObject({
      code: 'WORKTREE_ADD_FAILED',
      message: expect.stringMatching(/Cannot add a worktree [\s\S]* failed to read \S*being-added.commondir/),
    });
    expect(existsSync(target)).toBe(false);
  });
});
