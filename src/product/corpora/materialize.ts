import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { execa } from 'execa';
import { simpleGit } from 'simple-git';
import { AgentTrackError } from '../../core/index.js';
import type { Corpus } from '../../retrieval/index.js';
import { corpusKey, inlineFilesHash, requireClone } from '../../retrieval/index.js';
import type { IngestionConfig } from '../serving/schema.js';
import { directoryHash } from './directory-hash.js';

export interface MaterializeOptions {
  cacheDir: string;
  reposDir: string;
  /** What the indexer will read (exclusions, size limit): a directory's hash follows it. */
  ingestion: IngestionConfig;
}

/** A corpus on disk, ready to index. */
export interface MaterializedCorpus {
  key: string;
  dir: string;
  /** Identifies the content: `git:<sha>` for a pinned commit, else a sha256 over the files. */
  contentHash: string;
}

/**
 * Puts a task's corpus on disk once: a pinned commit is `git archive`d from its local clone into
 * the cache, inline files are written into the cache, a plain directory is used in place. A
 * corpus already in the cache is reused; a half-written one never is (it is built in a temp
 * folder and renamed).
 *
 * @example
 * const { dir, contentHash } = await materializeCorpus({ repo: 'acme/shop', commit: 'abc123' }, { cacheDir, reposDir });
 */
export async function materializeCorpus(
  corpus: Corpus,
  options: MaterializeOptions,
): Promise<MaterializedCorpus> {
  const key = corpusKey(corpus);
  if ('dir' in corpus) {
    const dir = resolve(corpus.dir);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      throw new AgentTrackError('CORPUS_NOT_PRESENT', `The corpus directory \`${dir}\` does not exist`, {
        data: { dir },
      });
    }
    return { key, dir, contentHash: directoryHash(dir, options.ingestion).hash };
  }
  if ('files' in corpus) {
    const hash = inlineFilesHash(corpus.files);
    const dir = join(options.cacheDir, 'corpora', `files-${hash.slice(0, 20)}`);
    await buildOnce(dir, async (tmp) => {
      for (const [path, text] of Object.entries(corpus.files)) {
        const target = resolve(tmp, path);
        if (!target.startsWith(`${tmp}/`)) {
          throw new AgentTrackError('PATH_ESCAPE', `An inline corpus file escapes its root: \`${path}\``, {
            data: { path },
          });
        }
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, text);
      }
    });
    return { key, dir, contentHash: hash };
  }
  const clone = requireClone(options, corpus.repo);
  let sha: string;
  try {
    sha = (await simpleGit(clone).revparse([`${corpus.commit}^{commit}`])).trim();
  } catch (error) {
    throw new AgentTrackError(
      'COMMIT_NOT_FOUND',
      `Commit \`${corpus.commit}\` is not in the clone at \`${clone}\``,
      {
        data: { clone, commit: corpus.commit },
        cause: error,
      },
    );
  }
  const dir = join(
    options.cacheDir,
    'corpora',
    `${corpus.repo.replace(/[^\w.-]+/g, '__')}@${sha.slice(0, 12)}`,
  );
  await buildOnce(dir, async (tmp) => {
    try {
      // The archive streams into tar, never buffered (a repository's tar can pass any buffer limit).
      await execa('git', ['-C', clone, 'archive', '--format=tar', sha], { buffer: { stdout: false } }).pipe(
        'tar',
        ['-x', '-C', tmp],
      );
    } catch (error) {
      // A clone that lacks some of the commit's objects (a partial or damaged clone) says which.
      const said = (error as { pipedFrom?: { stderr?: string }[] }).pipedFrom?.[0]?.stderr ?? '';
      const reason = said.split('\n').find((line) => line.trim() !== '') ?? String(error);
      throw new AgentTrackError(
        'CORPUS_ARCHIVE_FAILED',
        `\`${corpus.repo}\` at ${sha.slice(0, 12)} could not be read out of its clone \`${clone}\`: ${reason}`,
        { data: { repo: corpus.repo, commit: sha, clone }, cause: error },
      );
    }
  });
  return { key, dir, contentHash: `git:${sha}` };
}

async function buildOnce(dir: string, build: (tmp: string) => Promise<void>): Promise<void> {
  if (existsSync(dir)) return;
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(tmp, { recursive: true });
  try {
    await build(tmp);
    mkdirSync(dirname(dir), { recursive: true });
    if (!existsSync(dir)) renameSync(tmp, dir);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
