import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { selfCommand } from '../../../src/cli/self-command.js';
import { beforeAfter } from '../../../src/optimize/before-after/before-after.js';
import { git, tempDir } from '../campaign/helpers.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const SERVER = '@modelcontextprotocol/server-filesystem';
const VERSION = JSON.parse(readFileSync(join(ROOT, 'node_modules', SERVER, 'package.json'), 'utf8')).version;

// A product that is only a third-party server: no harness of its own (agent-track's runs it), its
// server a dependency it pins. Its setup "installs" the pinned package by linking agent-track's copy
// (no registry here); the lockfile and package.json pin the same version, so the arm accepts it.
function manifest(allowed: string): string {
  return [
    'name: fs-product',
    `setup: mkdir -p node_modules/@modelcontextprotocol && ln -sfn ${join(ROOT, 'node_modules', SERVER)} node_modules/${SERVER}`,
    `serve: [node, node_modules/${SERVER}/dist/index.js, "${allowed}"]`,
    'artifacts: { ask_prompt: ask.md, usage_skill: skill.md }',
    'tools: { search: [search_files], read: [read_text_file], symbol: null, batch: {}, identified: [] }',
    '',
  ].join('\n');
}

test('before-after on a third-party server: the candidate commit serves the whole corpus, the baseline only its docs', async () => {
  using dir = tempDir();
  const repo = join(dir.path, 'product');
  mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(
    join(repo, 'package.json'),
    JSON.stringify({ name: 'fs-product', private: true, dependencies: { [SERVER]: VERSION } }),
  );
  writeFileSync(
    join(repo, 'package-lock.json'),
    JSON.stringify({
      lockfileVersion: 3,
      packages: { '': { name: 'fs-product' }, [`node_modules/${SERVER}`]: { version: VERSION } },
    }),
  );
  writeFileSync(join(repo, '.gitignore'), 'node_modules\n');
  writeFileSync(join(repo, 'ask.md'), 'Answer from the files.\n');
  writeFileSync(join(repo, 'skill.md'), '# Tools\nsearch_files takes a glob.\n');
  writeFileSync(join(repo, 'agent-track.product.yaml'), manifest('{corpus}/docs'));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'serve the docs only');
  writeFileSync(join(repo, 'agent-track.product.yaml'), manifest('{corpus}'));
  git(repo, 'commit', '-q', '-am', 'serve the whole corpus');

  const result = await beforeAfter({
    repo,
    baseline: 'HEAD~1',
    candidate: 'HEAD',
    split: 'fixture-code/small_test',
    model: 'offline',
    limit: 4,
    cacheDir: join(dir.path, 'cache'),
    dir: join(dir.path, 'run'),
    harness: selfCommand('harness'),
    confirmSpend: true,
  });
  const report = result.report!;
  // The filesystem server reads the corpus: no index was asked for, none is in the plan.
  expect(result.plan.corpora).toMatchObject({ distinct: 0 });
  expect(report.arms.map((arm) => arm.tasks)).toEqual([4, 4]);
  const row = (key: string) => report.rows.find((r) => r.key === key)!;
  // The four tasks (go-01, go-02, go-05, go-06) have their gold in go-kv's code; the baseline serves
  // only docs/, so no search ever names it; the candidate's glob names the gold file each time.
  expect(row('needle_reached')).toMatchObject({ pairs: 4, baseline: { mean: 0 }, candidate: { mean: 1 } });
  // Each arm was scored with its own manifest's roles: search_files is a search, so recall is defined.
  expect(row('recall@5').candidate.mean).toBe(1);
  expect(
    JSON.parse(readFileSync(join(dir.path, 'run/arms/candidate/tool-roles.json'), 'utf8')),
  ).toMatchObject({
    search: ['search_files'],
    read: ['read_text_file'],
    symbol: null,
  });
}, 300_000);
