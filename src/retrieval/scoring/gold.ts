import { invalidOption } from '../../core/index.js';
import { normalizePath } from './normalize-path.js';
import { GOLD_KINDS, type GoldKind, type RelevanceOptions, type ScoredTask } from './types.js';

/** The one key a function-body gold is credited under. */
export const BODY_KEY = 'body';

/**
 * The gold kind relevance is judged by: the `kind` option when the task has that gold, else the
 * task's first present kind of `body`, `doc_ids`, `files`; `null` when it has none of them.
 *
 * @example
 * goldKindOf({ id: 't', gold: { files: ['a.py'], body: 'def f(): pass' } }); // 'body'
 * goldKindOf({ id: 't', gold: { files: ['a.py'], body: 'def f(): pass' } }, { kind: 'files' }); // 'files'
 * goldKindOf({ id: 't', gold: { answer: 'yes' } }); // null
 */
export function goldKindOf(task: ScoredTask, options: RelevanceOptions = {}): GoldKind | null {
  const kind = checkKind(options.kind);
  const has = (k: GoldKind) => task.gold[k] !== undefined;
  if (kind !== undefined) return has(kind) ? kind : null;
  return GOLD_KINDS.find(has) ?? null;
}

/**
 * The distinct gold items a list is credited against, as the keys `matchGold` returns: normalized
 * paths for file gold, ids for doc-id gold, `'body'` for a function body. `null` when the task has
 * no gold of the kind asked for.
 *
 * @example
 * goldItems({ id: 't', gold: { files: ['./src/a.py', 'src//a.py', 'b.py'] } }); // ['src/a.py', 'b.py']
 */
export function goldItems(task: ScoredTask, options: RelevanceOptions = {}): string[] | null {
  const kind = goldKindOf(task, options);
  if (kind === null) return null;
  if (kind === 'body') return [BODY_KEY];
  if (kind === 'doc_ids') return [...new Set(task.gold.doc_ids)];
  const caseInsensitive = checkCaseOption(options.caseInsensitivePaths);
  return [...new Set(task.gold.files!.map((path) => normalizePath(path, { caseInsensitive })))];
}

function checkKind(kind: unknown): GoldKind | undefined {
  if (kind === undefined || (GOLD_KINDS as readonly unknown[]).includes(kind)) return kind as GoldKind;
  throw invalidOption('kind', `one of ${GOLD_KINDS.map((k) => `'${k}'`).join(', ')}`, kind);
}

/** Validates the `caseInsensitivePaths` option. */
export function checkCaseOption(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  throw invalidOption('caseInsensitivePaths', 'a boolean', value);
}
