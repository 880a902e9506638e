import type { Task } from '../task/schema.js';

/**
 * One entry of a ranked list as scoring sees it: a search row, a file, a chunk, a document. Only
 * the fields the task's gold needs are read: `path` for file gold, `doc_id` for doc-id gold,
 * `text` for function-body gold (its `path` also picks the body's language). Other fields
 * (`start`, `end`, `name`, ...) ride along and are ignored.
 */
export interface RankedItem {
  readonly path?: string | undefined;
  readonly doc_id?: string | undefined;
  readonly text?: string | undefined;
  readonly name?: string | undefined;
}

/** The part of a task scoring reads. */
export type ScoredTask = Pick<Task, 'id' | 'gold' | 'meta'>;

/** The kinds of gold the relevance predicate knows, in the order a task's default is picked. */
export const GOLD_KINDS = ['body', 'doc_ids', 'files'] as const;
export type GoldKind = (typeof GOLD_KINDS)[number];

/** Token families the body comparison knows; `plain` only tolerates whitespace. */
export const BODY_LANGUAGES = ['python', 'javascript', 'go', 'c-like', 'plain'] as const;
export type BodyLanguage = (typeof BODY_LANGUAGES)[number];

/** How relevance is judged. Every metric takes these and passes them to the one predicate. */
export interface RelevanceOptions {
  /**
   * Which gold to judge against. Default: the task's first present kind of `body`, `doc_ids`,
   * `files` (a needle task is judged by its body, a file-set task by its files).
   */
  readonly kind?: GoldKind | undefined;
  /** Compare paths case-folded, for a corpus from a case-insensitive filesystem. Default `false`. */
  readonly caseInsensitivePaths?: boolean | undefined;
  /**
   * Language of a body comparison. Default: from the item's path extension, else
   * `task.meta.language`, else the extension of the first gold file, else guessed from the gold body.
   */
  readonly language?: BodyLanguage | undefined;
}
