import { type FreeCheckResult, failed, passed } from './check-result.js';

/** The task text a candidate must not copy: each question and gold answer of the split. */
export interface TaskText {
  id: string;
  question: string;
  gold?: { answer?: string | undefined; body?: string | undefined } | undefined;
}

/** Lower-cased word tokens (letters, digits, underscore), as the n-gram check compares them. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/** Every run of n consecutive words, joined by one space. */
export function wordNgrams(text: string, n: number): Set<string> {
  const tokens = words(text);
  const out = new Set<string>();
  for (let i = 0; i + n <= tokens.length; i++) out.add(tokens.slice(i, i + n).join(' '));
  return out;
}

/**
 * The candidate must not copy task text from the split: no run of `n` words (default 8) shared
 * with any question, gold answer or gold body, unless the incumbent already held that run (text
 * a task quotes from the product is not a leak the proposer made).
 *
 * @example
 * checkCopiedTaskText('... how is the discount applied when a cart holds two coupons ...', 'docs', tasks, 8);
 * // { check: 'copied_task_text', pass: false, reason: "copies 8 words of task `t3`'s question: `how is the discount ...`" }
 */
export function checkCopiedTaskText(
  candidate: string,
  incumbent: string,
  tasks: readonly TaskText[],
  n = 8,
): FreeCheckResult {
  const known = wordNgrams(incumbent, n);
  const sources = new Map<string, string>();
  for (const task of tasks) {
    const fields: [string, string | undefined][] = [
      ['question', task.question],
      ['gold answer', task.gold?.answer],
      ['gold body', task.gold?.body],
    ];
    for (const [field, text] of fields) {
      if (text === undefined) continue;
      for (const gram of wordNgrams(text, n)) {
        if (!sources.has(gram)) sources.set(gram, `task \`${task.id}\`'s ${field}`);
      }
    }
  }
  for (const gram of wordNgrams(candidate, n)) {
    const source = sources.get(gram);
    if (source !== undefined && !known.has(gram)) {
      return failed('copied_task_text', `copies ${n} words of ${source}: \`${gram}\``);
    }
  }
  return passed('copied_task_text');
}
