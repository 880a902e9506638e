import { z } from 'zod';

/**
 * The task record: one question with its gold, the boundary every dataset loader and every
 * `tasks.jsonl` line goes through. Types below are derived from these schemas.
 */

/**
 * What counts as a right answer. Each kind is optional; a task may carry several (a needle task
 * has `body` and the `files` it lives in). `files` are corpus-relative paths, `body` the source of
 * one function, `doc_ids` opaque document ids, `answer` a reference answer for a judge.
 */
export const goldSchema = z
  .object({
    files: z.array(z.string().min(1)).min(1).optional(),
    body: z.string().min(1).optional(),
    answer: z.string().optional(),
    doc_ids: z.array(z.string().min(1)).min(1).optional(),
  })
  .strict();

/** A pinned repository (a local clone resolved by name) at one commit. */
export const repoCorpusSchema = z.object({ repo: z.string().min(1), commit: z.string().min(1) }).strict();
/** A plain directory on disk. */
export const dirCorpusSchema = z.object({ dir: z.string().min(1) }).strict();
/** Files given inline: corpus-relative path -> content. */
export const filesCorpusSchema = z.object({ files: z.record(z.string().min(1), z.string()) }).strict();

/** Where a task's answer is searched for. */
export const corpusSchema = z.union([repoCorpusSchema, dirCorpusSchema, filesCorpusSchema]);

/** One task. A task naming no `corpus` searches the default workspace. */
export const taskSchema = z
  .object({
    id: z.string().min(1),
    question: z.string().min(1),
    gold: goldSchema,
    corpus: corpusSchema.optional(),
    /** The cluster the task belongs to for paired tests (default: its corpus): see `clusterOf`. */
    cluster: z.string().min(1).optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
    /** Which repeat of a campaign's task this rollout is (2..K; absent for the first): see `rolloutTask`. */
    repeat: z.number().int().min(2).optional(),
  })
  .strict();

export type Gold = z.infer<typeof goldSchema>;
export type RepoCorpus = z.infer<typeof repoCorpusSchema>;
export type DirCorpus = z.infer<typeof dirCorpusSchema>;
export type FilesCorpus = z.infer<typeof filesCorpusSchema>;
export type Corpus = z.infer<typeof corpusSchema>;
export type Task = z.infer<typeof taskSchema>;
