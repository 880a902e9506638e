import { AgentTrackError } from '../../core/index.js';
import { bodyTokens } from './body/body-tokens.js';
import { containsTokens } from './body/contains-tokens.js';
import { checkLanguage, guessLanguage, languageOfName, languageOfPath } from './body/language.js';
import { BODY_KEY, checkCaseOption, goldItems, goldKindOf } from './gold.js';
import { normalizePath } from './normalize-path.js';
import type { BodyLanguage, RankedItem, RelevanceOptions, ScoredTask } from './types.js';

/** Says which gold item an item matches (its key from `goldItems`), or `null` for none. */
export type GoldMatcher = (item: RankedItem) => string | null;

/**
 * The relevance predicate, prepared once per task: options validated, gold normalized, the gold
 * body tokenized (per language, on demand). `null` when the task has no gold of the kind judged.
 * Use it to judge many items against one task; `matchGold` and `isRelevant` are one-shot forms.
 *
 * - file gold: the item's `path`, normalized, is a gold file;
 * - doc-id gold: the item's `doc_id` is a gold id;
 * - body gold: the item's `text` contains the gold function as a contiguous token run, with
 *   whitespace, comments and Python docstrings ignored and literals compared verbatim.
 *
 * @example
 * const match = goldMatcher({ id: 't', gold: { files: ['src/a.py'] } })!;
 * match({ path: './src/a.py' }); // 'src/a.py'
 * match({ path: 'src/b.py' }); // null
 */
export function goldMatcher(task: ScoredTask, options: RelevanceOptions = {}): GoldMatcher | null {
  const kind = goldKindOf(task, options);
  const gold = goldItems(task, options);
  if (kind === null || gold === null) return null;
  if (kind === 'doc_ids') {
    const ids = new Set(gold);
    return (item) => (item.doc_id !== undefined && ids.has(item.doc_id) ? item.doc_id : null);
  }
  if (kind === 'files') {
    const caseInsensitive = checkCaseOption(options.caseInsensitivePaths);
    const files = new Set(gold);
    return (item) => {
      if (item.path === undefined) return null;
      const path = normalizePath(item.path, { caseInsensitive });
      return files.has(path) ? path : null;
    };
  }
  const body = task.gold.body!;
  const forced = checkLanguage(options.language);
  const fallback =
    languageOfName(task.meta?.language) ?? languageOfPath(task.gold.files?.[0]) ?? guessLanguage(body);
  const goldTokens = new Map<BodyLanguage, string[]>();
  const tokensOfGold = (language: BodyLanguage) => {
    let tokens = goldTokens.get(language);
    if (tokens === undefined) {
      tokens = bodyTokens(body, language);
      if (tokens.length === 0) {
        throw new AgentTrackError(
          'EMPTY_GOLD_BODY',
          `Task \`${task.id}\`: the gold body has no code tokens when read as \`${language}\``,
          { data: { task: task.id, language } },
        );
      }
      goldTokens.set(language, tokens);
    }
    return tokens;
  };
  return (item) => {
    if (item.text === undefined) return null;
    const language = forced ?? languageOfPath(item.path) ?? fallback;
    return containsTokens(bodyTokens(item.text, language), tokensOfGold(language)) ? BODY_KEY : null;
  };
}

/**
 * The gold item `item` matches (see `goldMatcher`), or `null` when it matches none or the task has
 * no gold of the kind judged.
 *
 * @example
 * matchGold({ path: 'src\\a.py' }, { id: 't', gold: { files: ['src/a.py'] } }); // 'src/a.py'
 */
export function matchGold(item: RankedItem, task: ScoredTask, options: RelevanceOptions = {}): string | null {
  return goldMatcher(task, options)?.(item) ?? null;
}

/**
 * The one relevance predicate behind every metric: does `item` match any of the task's gold?
 * `false` when the task has no gold of the kind judged (metrics report `null` for such a task).
 *
 * @example
 * const task = { id: 't', gold: { body: 'def f(x):\n    return x\n' } };
 * isRelevant({ path: 'm.py', text: 'class A:\n    def f(x):\n        """Doc."""\n        return x  # id\n' }, task); // true
 */
export function isRelevant(item: RankedItem, task: ScoredTask, options: RelevanceOptions = {}): boolean {
  return matchGold(item, task, options) !== null;
}
