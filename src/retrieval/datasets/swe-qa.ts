import { z } from 'zod';
import { AgentTrackError, issueParts } from '../../core/index.js';
import type { Task } from '../task/schema.js';
import { mentionedFiles, parseCitations, resolveCitations } from './citations.js';
import { readJsonRecords } from './jsonl.js';
import { countDrop, type LoadedDataset } from './loaded.js';
import { findClone, listTree, type RepoSource } from './repo-source.js';

// Third-party records carry fields we do not read; those are not typos, so they pass through.
const recordSchema = z
  .object({
    question: z.string().min(1),
    answer: z.string().min(1),
    id: z.string().optional(),
    session_id: z.string().optional(),
    repo_name: z.string().optional(),
    repo: z.string().optional(),
    commit_id: z.string().optional(),
    commit: z.string().optional(),
    qa_type: z.string().nullable().optional(),
    cluster: z.unknown().optional(),
  })
  .loose();

export interface SweQaOptions {
  file: string;
  source: RepoSource;
  /** For SWE-QA files that hold one repository and name it nowhere in the records. */
  repo?: string;
  commit?: string;
  /** Prefix of generated ids (records without `id`/`session_id`). */
  name?: string;
}

/**
 * Loads SWE-QA-family records (`question`, `answer` citing `path.py: lines N-M` / `path.py:N`;
 * SWE-QA-Pro adds `repo_name`, `commit_id`, `qa_type`). Gold files are the cited paths (an answer
 * citing no line: the files it names, `mentionedFiles`) resolved against the pinned repository's file tree in a local clone (a bare file name by a unique
 * basename); a row citing no resolvable file is dropped and counted. Without a local clone the
 * cited paths that name a directory are kept unverified, and a note says so.
 *
 * @example
 * const { tasks, dropped } = await loadSweQa({ file: 'train.jsonl', source: { reposDir: 'repos' } });
 */
export async function loadSweQa(options: SweQaOptions): Promise<LoadedDataset> {
  const dropped: Record<string, number> = {};
  const notes: string[] = [];
  const tasks: Task[] = [];
  const trees = new Map<string, string[] | undefined>();
  const unverified = new Map<string, number>();
  for (const { value, line } of await readJsonRecords(options.file)) {
    const parsed = recordSchema.safeParse(value);
    if (!parsed.success) {
      const { key, message } = issueParts(parsed.error.issues[0]!, value);
      throw new AgentTrackError(
        'INVALID_RECORD',
        `${options.file}:${line}: \`${key || '(record)'}\`: ${message}`,
        { data: { file: options.file, line }, cause: parsed.error },
      );
    }
    const record = parsed.data;
    const repo = record.repo_name ?? record.repo ?? options.repo;
    const commit = record.commit_id ?? record.commit ?? options.commit;
    if (repo === undefined || commit === undefined) {
      countDrop(dropped, 'names no repository and commit');
      continue;
    }
    // Files cited with their lines; an answer citing none, the files it names.
    const lined = parseCitations(record.answer);
    const citations = lined.length > 0 ? lined : mentionedFiles(record.answer);
    if (citations.length === 0) {
      countDrop(dropped, 'cites no file');
      continue;
    }
    const key = `${repo}@${commit}`;
    if (!trees.has(key)) {
      const clone = findClone(options.source, repo);
      trees.set(key, clone === undefined ? undefined : await listTree(clone, commit));
    }
    const tree = trees.get(key);
    let files: string[];
    if (tree === undefined) {
      files = citations.map((c) => c.path).filter((path) => path.includes('/'));
      if (files.length > 0) unverified.set(repo, (unverified.get(repo) ?? 0) + 1);
    } else {
      files = resolveCitations(citations, tree).files;
    }
    if (files.length === 0) {
      countDrop(dropped, 'cites no resolvable file');
      continue;
    }
    tasks.push({
      id: record.id ?? record.session_id ?? `${options.name ?? 'swe-qa'}-${line}`,
      question: record.question,
      gold: { files, answer: record.answer },
      corpus: { repo, commit },
      meta: {
        repo,
        ...(record.qa_type ? { qa_type: record.qa_type } : {}),
        ...(tree === undefined ? { gold_unverified: true } : {}),
        citations,
        ...(lined.length === 0 ? { gold_from: 'files named without lines' } : {}),
      },
    });
  }
  for (const [repo, count] of unverified) {
    notes.push(
      `${count} task(s) of \`${repo}\`: gold kept as cited, unverified (no local clone under \`${options.source.reposDir}\`)`,
    );
  }
  return { tasks, dropped, notes };
}
