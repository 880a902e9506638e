import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { simpleGit } from 'simple-git';
import { AgentTrackError } from '../../core/index.js';

/**
 * Where local clones of pinned repositories live. Nothing is fetched: a repository that is not
 * here is named in a clear error. A clone of `owner/name` is looked for as `owner__name`,
 * `owner/name` or `name` under the directory.
 */
export interface RepoSource {
  reposDir: string;
}

/** The local clone of `owner/name`, or `undefined` when none is present. */
export function findClone(source: RepoSource, repo: string): string | undefined {
  const [owner, name] = repo.includes('/') ? repo.split('/', 2) : [undefined, repo];
  const candidates = [
    owner ? join(source.reposDir, `${owner}__${name}`) : undefined,
    owner ? join(source.reposDir, owner, name!) : undefined,
    join(source.reposDir, name!),
  ];
  return candidates.find((dir): dir is string => dir !== undefined && existsSync(join(dir, '.git')));
}

/** Like findClone, but a missing clone is an error that says where it was looked for. */
export function requireClone(source: RepoSource, repo: string): string {
  const clone = findClone(source, repo);
  if (clone === undefined) {
    throw new AgentTrackError(
      'REPO_NOT_PRESENT',
      `No local clone of \`${repo}\` under \`${source.reposDir}\` (looked for ${repo.replace('/', '__')}, ${repo}, ${repo.split('/').pop()}); clone it there, no network is used`,
      { data: { repo, reposDir: source.reposDir } },
    );
  }
  return clone;
}

/** Every file path of a clone at a commit (`git ls-tree -r`), or an error naming the commit. */
export async function listTree(clone: string, commit: string): Promise<string[]> {
  try {
    const out = await simpleGit(clone).raw(['ls-tree', '-r', '--name-only', '-z', commit]);
    return out.split('\0').filter((path) => path.length > 0);
  } catch (error) {
    throw new AgentTrackError(
      'COMMIT_NOT_FOUND',
      `Commit \`${commit}\` is not in the clone at \`${clone}\``,
      {
        data: { clone, commit },
        cause: error,
      },
    );
  }
}
