import { existsSync, statSync } from 'node:fs';
import { simpleGit } from 'simple-git';
import { AgentTrackError } from '../../../core/index.js';

/** A commit as the plan names it. */
export interface CommitInfo {
  rev: string;
  sha: string;
  subject: string;
}

/**
 * Resolves a revision in a repository to its full sha and subject line.
 *
 * @example
 * await resolveCommit('.', 'HEAD~1'); // { rev: 'HEAD~1', sha: '3f2a...', subject: 'Shorter tool docs' }
 */
export async function resolveCommit(repo: string, rev: string): Promise<CommitInfo> {
  if (!existsSync(repo) || !statSync(repo).isDirectory())
    throw new AgentTrackError('REPO_NOT_FOUND', `The repository \`${repo}\` is not a directory`, {
      data: { repo },
    });
  const git = simpleGit(repo);
  let sha: string;
  try {
    sha = (await git.revparse(['--verify', '--quiet', `${rev}^{commit}`])).trim();
  } catch (error) {
    throw new AgentTrackError('COMMIT_NOT_FOUND', `Revision \`${rev}\` is not a commit in \`${repo}\``, {
      data: { repo, rev },
      cause: error,
    });
  }
  if (!/^[0-9a-f]{40,64}$/.test(sha)) {
    throw new AgentTrackError('COMMIT_NOT_FOUND', `Revision \`${rev}\` is not a commit in \`${repo}\``, {
      data: { repo, rev },
    });
  }
  const subject = (await git.raw(['log', '-1', '--format=%s', sha])).trim();
  return { rev, sha, subject };
}
