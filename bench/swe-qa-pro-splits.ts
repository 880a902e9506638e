// Held-out real repository questions for the words-only ranking (issue 19, item 5): SWE-QA-Pro's
// records (its train and test parquet), each a question about a public Python repository at a
// pinned commit whose reference answer cites the files that answer it. Nothing here is committed:
// the parquet and the repositories are read from fetched mirrors (`<mirrors>/<owner>+<name>/repo`,
// git directories with history) and the splits are written into a cache folder.
//
// Split: SWE-QA-Pro's own test records are test; its train records go to dev or test by their
// repository (sha256 of owner/name: one in three to test), so no repository is in both.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';

const SWE_QA_PRO = 'TIGER-AI-Lab+SWE-QA-Pro/repo';
const PARQUET = 'train/RL/verl-tool/dataset';

interface ProRecord {
  session_id: string;
  repo_name: string;
  commit_id: string;
  question: string;
  answer: string;
  qa_type: string | null;
}

export interface Splits {
  dev: string;
  test: string;
  reposDir: string;
  counts: Record<string, number>;
}

const git = (dir: string, args: string[]) =>
  execFileSync('git', ['-C', dir, ...args], { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });

async function readParquet(mirror: string, name: string): Promise<ProRecord[]> {
  const bytes = git(mirror, ['show', `HEAD:${PARQUET}/${name}.parquet`]);
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const rows = (await parquetReadObjects({ file, compressors })) as {
    session_id: string;
    qa_type?: { class_name?: string } | null;
    annotated_answer?: string | null;
    extra_info: { question: string; answer: string | null; repo_name: string; commit_id: string };
  }[];
  return rows.map((row) => ({
    session_id: row.session_id,
    repo_name: row.extra_info.repo_name,
    commit_id: row.extra_info.commit_id,
    question: row.extra_info.question,
    // One test record carries its reference answer only as `annotated_answer`.
    answer: row.extra_info.answer ?? row.annotated_answer ?? '',
    qa_type: row.qa_type?.class_name ?? null,
  }));
}

const checked = new Map<string, 'ok' | 'commit missing' | 'mirror lacks some of its files'>();
// A mirror may lack the commit, or (its largest files left out) some of the commit's blobs.
const readable = (dir: string, commit: string) => {
  const key = `${dir}@${commit}`;
  if (!checked.has(key)) {
    const ok = (args: string[]) => {
      try {
        execFileSync('git', ['-C', dir, ...args], { stdio: 'ignore', maxBuffer: 1 << 30 });
        return true;
      } catch {
        return false;
      }
    };
    checked.set(
      key,
      !ok(['cat-file', '-e', `${commit}^{commit}`])
        ? 'commit missing'
        : ok(['archive', '--format=tar', '-o', '/dev/null', commit])
          ? 'ok'
          : 'mirror lacks some of its files',
    );
  }
  return checked.get(key)!;
};

/**
 * Writes `<out>/dev.jsonl` and `<out>/test.jsonl` (SWE-QA-Pro records of the repositories fetched
 * under `mirrors` whose pinned commit is there) and `<out>/repos/<owner>__<name>/.git` links to the
 * mirrors, the local clones the `swe-qa-pro` loader reads.
 */
export async function sweQaProSplits(mirrors: string, out: string): Promise<Splits> {
  const mirror = join(mirrors, SWE_QA_PRO);
  if (!existsSync(mirror))
    throw new Error(`no SWE-QA-Pro mirror at ${mirror}: fetch github:TIGER-AI-Lab/SWE-QA-Pro`);
  const reposDir = join(out, 'repos');
  mkdirSync(reposDir, { recursive: true });
  const counts: Record<string, number> = {
    dev: 0,
    test: 0,
    'repository not fetched': 0,
    'commit missing': 0,
  };
  const lines = { dev: [] as string[], test: [] as string[] };
  for (const name of ['test', 'train'] as const) {
    for (const record of await readParquet(mirror, name)) {
      const [owner, repo] = record.repo_name.split('/');
      const dir = join(mirrors, `${owner}+${repo}`, 'repo');
      if (!existsSync(dir)) {
        counts['repository not fetched']!++;
        continue;
      }
      const state = readable(dir, record.commit_id);
      if (state !== 'ok') {
        counts[state] = (counts[state] ?? 0) + 1;
        continue;
      }
      const clone = join(reposDir, `${owner}__${repo}`);
      if (!existsSync(join(clone, '.git'))) {
        mkdirSync(clone, { recursive: true });
        // A mirror is a git directory, or a folder holding one as `.git`.
        symlinkSync(existsSync(join(dir, '.git')) ? join(dir, '.git') : dir, join(clone, '.git'));
      }
      const byRepo = Number.parseInt(
        createHash('sha256').update(record.repo_name).digest('hex').slice(0, 8),
        16,
      );
      const split = name === 'test' || byRepo % 3 === 0 ? 'test' : 'dev';
      lines[split].push(JSON.stringify(record));
      counts[split]!++;
    }
  }
  const dev = join(out, 'dev.jsonl');
  const test = join(out, 'test.jsonl');
  writeFileSync(dev, `${lines.dev.join('\n')}\n`);
  writeFileSync(test, `${lines.test.join('\n')}\n`);
  return { dev, test, reposDir, counts };
}
