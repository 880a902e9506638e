import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadSplit } from '../../../src/retrieval/datasets/load-split.js';
import { resolveDataset } from '../../../src/retrieval/datasets/registry.js';
import { loadRepoQa } from '../../../src/retrieval/datasets/repoqa.js';
import { loadSweQa } from '../../../src/retrieval/datasets/swe-qa.js';

const SAMPLE = resolve(
  import.meta.dirname,
  '../../../fixtures/realdata/retrieval/swe-qa-pro/train-sample.jsonl',
);
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-datasets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** A local clone of `acme/shop` with a few files, committed; returns its commit sha. */
function makeClone(reposDir: string): string {
  const repo = join(reposDir, 'acme__shop');
  for (const [path, text] of Object.entries({
    'shop/cart.py': 'def total(items):\n    return sum(items)\n',
    'shop/util.py': 'X = 1\n',
    'tests/util.py': 'Y = 2\n',
    'README.md': '# shop\n',
  })) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  git(repo, 'init', '-q');
  git(repo, 'add', '.');
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init');
  return git(repo, 'rev-parse', 'HEAD');
}

describe('loadSweQa', () => {
  test('resolves citations against the local clone; drops and counts what it cannot use', async () => {
    const reposDir = join(scratch, 'repos');
    const commit = makeClone(reposDir);
    const file = join(scratch, 'records.jsonl');
    const rows = [
      {
        id: 'q1',
        repo_name: 'acme/shop',
        commit_id: commit,
        question: 'Where is the total?',
        answer: 'In (shop/cart.py: line 1-2).',
        qa_type: 'where',
      },
      // bare name resolves by unique basename
      { id: 'q2', repo_name: 'acme/shop', commit_id: commit, question: 'Cart?', answer: 'cart.py:1 does it' },
      // ambiguous basename only: dropped
      { id: 'q3', repo_name: 'acme/shop', commit_id: commit, question: 'Util?', answer: 'util.py: line 1' },
      // cites nothing
      { id: 'q4', repo_name: 'acme/shop', commit_id: commit, question: 'Why?', answer: 'Because.' },
      // cites no line, names a file
      {
        id: 'q5',
        repo_name: 'acme/shop',
        commit_id: commit,
        question: 'Sum?',
        answer: 'The sum is in cart.py.',
      },
    ];
    writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const loaded = await loadSweQa({ file, source: { reposDir } });
    expect(loaded.tasks.map((t) => [t.id, t.gold.files])).toEqual([
      ['q1', ['shop/cart.py']],
      ['q2', ['shop/cart.py']],
      ['q5', ['shop/cart.py']],
    ]);
    expect(loaded.tasks[2]!.meta).toMatchObject({ gold_from: 'files named without lines' });
    expect(loaded.tasks[0]!.meta).not.toHaveProperty('gold_from');
    expect(loaded.tasks[0]!.corpus).toEqual({ repo: 'acme/shop', commit });
    expect(loaded.tasks[0]!.meta).toMatchObject({ qa_type: 'where', repo: 'acme/shop' });
    expect(loaded.dropped).toEqual({ 'cites no resolvable file': 1, 'cites no file': 1 });
    expect(loaded.notes).toEqual([]);
  });

  test('the real SWE-QA-Pro sample without clones: 4 tasks kept unverified, 2 dropped', async () => {
    const loaded = await loadSweQa({ file: SAMPLE, source: { reposDir: join(scratch, 'no-repos') } });
    expect(loaded.tasks).toHaveLength(4);
    // datachain names no file; wetterdienst names only `process.py`, a bare name no tree resolves.
    expect(loaded.dropped).toEqual({ 'cites no file': 1, 'cites no resolvable file': 1 });
    expect(loaded.tasks[1]!.gold.files).toEqual(['mutmut/cache.py', 'mutmut/__main__.py']);
    expect(loaded.tasks[1]!.corpus).toEqual({
      repo: 'boxed/mutmut',
      commit: '8b7c763a6e2c3354cc8f40c68648dd4415197471',
    });
    expect(loaded.tasks.every((t) => t.meta?.gold_unverified === true)).toBe(true);
    expect(loaded.notes).toHaveLength(4);
    expect(loaded.notes[0]).toContain('`osbuild/osbuild`: gold kept as cited, unverified');
  });

  test('a commit missing from the clone is named', async () => {
    const reposDir = join(scratch, 'repos2');
    makeClone(reposDir);
    const file = join(scratch, 'bad-commit.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ repo_name: 'acme/shop', commit_id: 'deadbeef', question: 'q', answer: 'a/b.py:1' })}\n`,
    );
    await expect(loadSweQa({ file, source: { reposDir } })).rejects.toThrow(
      'Commit `deadbeef` is not in the clone',
    );
  });

  test('a malformed line names the file and line', async () => {
    const file = join(scratch, 'broken.jsonl');
    writeFileSync(file, '{"question":"q","answer":"a.py:1","repo":"r","commit":"c"}\n{"question": \n');
    await expect(loadSweQa({ file, source: { reposDir: scratch } })).rejects.toThrow(
      `${file}:2: not valid JSON`,
    );
  });
});

describe('loadRepoQa', () => {
  test('a needle becomes a body gold over inline files', async () => {
    const file = join(scratch, 'needles.jsonl');
    const body = 'def area(r):\n    return 3.14 * r * r\n';
    writeFileSync(
      file,
      `${JSON.stringify({ id: 'n1', language: 'python', description: 'Computes the area of a circle.', needle: { path: 'geo.py', name: 'area', body }, files: { 'geo.py': `import math\n\n${body}`, 'other.py': 'X = 1\n' } })}\n`,
    );
    const { tasks } = await loadRepoQa({ file });
    expect(tasks[0]).toMatchObject({
      id: 'n1',
      question: 'Computes the area of a circle.',
      gold: { body, files: ['geo.py'] },
      meta: { language: 'python', needle: 'area' },
    });
  });

  test('a needle whose file does not hold its body is refused by line', async () => {
    const file = join(scratch, 'bad-needle.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ description: 'd', needle: { path: 'a.py', body: 'def f(): pass' }, files: { 'a.py': 'X = 1' } })}\n`,
    );
    await expect(loadRepoQa({ file })).rejects.toThrow(`${file}:1: the needle's file \`a.py\``);
  });
});

describe('registry and splits', () => {
  test('loader:FILE and a native path resolve; an unknown name lists what is registered', () => {
    expect(resolveDataset(`swe-qa-pro:${SAMPLE}`)).toMatchObject({ loader: 'swe-qa-pro', file: SAMPLE });
    expect(() => resolveDataset('nope')).toThrow('No dataset `nope`: registered are');
  });

  test('a registered dataset in a registry dir; a slice it cannot offer is refused with why', async () => {
    const registry = join(scratch, 'registry');
    mkdirSync(registry, { recursive: true });
    const tasks = Array.from({ length: 6 }, (_, i) =>
      JSON.stringify({
        id: `t${i}`,
        question: `q${i}`,
        gold: { files: ['a.py'] },
        corpus: { dir: i < 4 ? 'x' : 'y' },
      }),
    );
    writeFileSync(join(registry, 'six.jsonl'), `${tasks.join('\n')}\n`);
    writeFileSync(join(registry, 'six.yaml'), 'description: six tasks\nloader: native\nfile: six.jsonl\n');
    writeFileSync(
      join(registry, 'held.yaml'),
      'description: held out\nloader: native\nfile: six.jsonl\noffers: {slices: [test, all], why: every task is held out}\n',
    );
    const all = await loadSplit('six/all', { reposDir: scratch, registryDir: registry });
    expect(all.tasks).toHaveLength(6);
    // 6 tasks, dev = 3: strata x (4) and y (2) get quotas 2 and 1.
    const dev = await loadSplit('six/dev', { reposDir: scratch, registryDir: registry });
    expect(dev.tasks).toHaveLength(3);
    expect(dev.tasks.filter((t) => t.id === 't4' || t.id === 't5')).toHaveLength(1);
    await expect(loadSplit('held/dev', { reposDir: scratch, registryDir: registry })).rejects.toThrow(
      'This dataset cannot offer `dev`: every task is held out',
    );
    await expect(loadSplit('six/train', { reposDir: scratch, registryDir: registry })).rejects.toThrow(
      'with a slice among all, dev, test, small_dev, small_test, got `six/train`',
    );
    writeFileSync(
      join(registry, 'typo.yaml'),
      'description: x\nloader: native\nfile: six.jsonl\nslice: dev\n',
    );
    await expect(loadSplit('typo/all', { reposDir: scratch, registryDir: registry })).rejects.toThrow(
      `${join(registry, 'typo.yaml')}: \`slice\``,
    );
  });
});

describe('the shipped registry', () => {
  test('every registered dataset loads; fixture-code has 24 tasks over 3 corpora, self 10', async () => {
    const { listDatasets } = await import('../../../src/retrieval/datasets/registry.js');
    const { corpusKey } = await import('../../../src/retrieval/task/corpus-key.js');
    const names = listDatasets().map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['fixture-code', 'self']));
    const fixture = await loadSplit('fixture-code/all', { reposDir: scratch });
    expect(fixture.tasks).toHaveLength(24);
    expect(new Set(fixture.tasks.map((t) => corpusKey(t.corpus))).size).toBe(3);
    expect((await loadSplit('self/all', { reposDir: scratch })).tasks).toHaveLength(10);
    // 24 tasks in 3 strata of 8: dev 12 = 4 per corpus; small slices = min(30, 12, 12) = 12
    const dev = await loadSplit('fixture-code/dev', { reposDir: scratch });
    expect(dev.tasks).toHaveLength(12);
    expect((await loadSplit('fixture-code/small_test', { reposDir: scratch })).tasks).toHaveLength(12);
  });
});
