import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { directoryHash } from '../../../src/product/corpora/directory-hash.js';
import { materializeCorpus } from '../../../src/product/corpora/materialize.js';
import { loadServingConfig } from '../../../src/product/index.js';
import { corpusKey } from '../../../src/retrieval/task/corpus-key.js';

const { ingestion } = loadServingConfig();

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-corpora-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

describe('materializeCorpus', () => {
  test('a pinned commit is archived from the local clone once, at that commit', async () => {
    const reposDir = join(scratch, 'repos');
    const clone = join(reposDir, 'acme__shop');
    mkdirSync(join(clone, 'src'), { recursive: true });
    writeFileSync(join(clone, 'src', 'a.py'), 'A = 1\n');
    git(clone, 'init', '-q');
    git(clone, 'add', '.');
    git(clone, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'one');
    const first = git(clone, 'rev-parse', 'HEAD');
    writeFileSync(join(clone, 'src', 'a.py'), 'A = 2\n');
    git(clone, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qam', 'two');

    const cacheDir = join(scratch, 'cache');
    const corpus = { repo: 'acme/shop', commit: first.slice(0, 8) };
    const got = await materializeCorpus(corpus, { cacheDir, reposDir, ingestion });
    expect(got.contentHash).toBe(`git:${first}`);
    expect(got.key).toBe(`repo:acme/shop@${first.slice(0, 8)}`);
    expect(readFileSync(join(got.dir, 'src', 'a.py'), 'utf8')).toBe('A = 1\n');
    // Reused, not rebuilt: a marker written into it survives a second call.
    writeFileSync(join(got.dir, 'marker'), '');
    const again = await materializeCorpus(corpus, { cacheDir, reposDir, ingestion });
    expect(again.dir).toBe(got.dir);
    expect(existsSync(join(again.dir, 'marker'))).toBe(true);
    expect(readdirSync(join(cacheDir, 'corpora')).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  test('a clone missing one of the commit blobs is refused by name, and nothing half-written stays', async () => {
    const reposDir = join(scratch, 'partial');
    const clone = join(reposDir, 'acme__partial');
    mkdirSync(clone, { recursive: true });
    writeFileSync(join(clone, 'a.py'), 'A = 1\n');
    writeFileSync(join(clone, 'big.ipynb'), 'cells\n');
    git(clone, 'init', '-q');
    git(clone, 'add', '.');
    git(clone, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'one');
    const blob = git(clone, 'rev-parse', 'HEAD:big.ipynb');
    rmSync(join(clone, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
    const cacheDir = join(scratch, 'partial-cache');
    const failed = materializeCorpus(
      { repo: 'acme/partial', commit: 'HEAD' },
      { cacheDir, reposDir, ingestion },
    );
    await expect(failed).rejects.toMatchObject({ code: 'CORPUS_ARCHIVE_FAILED' });
    await expect(failed).rejects.toThrow(
      new RegExp(
        `^\`acme/partial\` at [0-9a-f]{12} could not be read out of its clone \`${clone}\`: .*${blob}`,
      ),
    );
    expect(readdirSync(join(cacheDir, 'corpora'))).toEqual([]);
  });

  test('a repository with no local clone is named, with where it was looked for', async () => {
    await expect(
      materializeCorpus(
        { repo: 'ghost/repo', commit: 'abc' },
        { cacheDir: scratch, reposDir: join(scratch, 'none'), ingestion },
      ),
    ).rejects.toThrow('No local clone of `ghost/repo`');
  });

  test('inline files are written to the cache; the same files give the same key and hash', async () => {
    const files = { 'pkg/mod.py': 'def f():\n    return 1\n', 'README.md': '# x\n' };
    const got = await materializeCorpus(
      { files },
      { cacheDir: join(scratch, 'c2'), reposDir: scratch, ingestion },
    );
    expect(readFileSync(join(got.dir, 'pkg', 'mod.py'), 'utf8')).toBe(files['pkg/mod.py']);
    expect(corpusKey({ files: { 'README.md': '# x\n', 'pkg/mod.py': files['pkg/mod.py'] } })).toBe(got.key);
    await expect(
      materializeCorpus(
        { files: { '../evil.py': 'x' } },
        { cacheDir: join(scratch, 'c3'), reposDir: scratch, ingestion },
      ),
    ).rejects.toThrow('escapes its root: `../evil.py`');
  });

  test('a plain directory is used in place; its hash follows its content', async () => {
    const dir = join(scratch, 'plain');
    mkdirSync(join(dir, '.git'), { recursive: true });
    writeFileSync(join(dir, 'a.ts'), 'export const a = 1;\n');
    writeFileSync(join(dir, '.git', 'HEAD'), 'ignored\n');
    const got = await materializeCorpus({ dir }, { cacheDir: scratch, reposDir: scratch, ingestion });
    expect(got.dir).toBe(dir);
    const before = got.contentHash;
    writeFileSync(join(dir, '.git', 'HEAD'), 'still ignored\n');
    expect(directoryHash(dir, ingestion).hash).toBe(before);
    writeFileSync(join(dir, 'a.ts'), 'export const a = 2;\n');
    expect(directoryHash(dir, ingestion).hash).not.toBe(before);
    await expect(
      materializeCorpus(
        { dir: join(scratch, 'missing') },
        { cacheDir: scratch, reposDir: scratch, ingestion },
      ),
    ).rejects.toThrow('does not exist');
  });
});
