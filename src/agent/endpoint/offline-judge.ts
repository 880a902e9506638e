import { normalizePath } from '../../retrieval/index.js';
import { pathsIn } from '../../trajectory/index.js';
import { type JudgeGold, readJudgeInput } from '../judge/judge-prompt.js';
import { OFFLINE_LABEL } from './offline-label.js';
import type { PolicyReply, PolicyRequest } from './policy.js';

const WORD = /[a-z0-9_]{4,}/g;

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * The offline policy's score for one answer (0..10): the Jaccard overlap, times 10 and rounded, of
 * the file paths the answer cites with the gold files; for a gold answer text, of their words of
 * four or more letters. No answer scores 0.
 *
 * @example
 * offlineJudgeScore('See shop/a.py and shop/b.py.', { kind: 'files', files: ['shop/a.py'] }); // 5
 */
export function offlineJudgeScore(answer: string | null, gold: JudgeGold): { score: number; why: string } {
  if (answer === null || answer.trim() === '') return { score: 0, why: 'no answer' };
  if (gold.kind === 'files') {
    const cited = new Set(pathsIn(answer).map((path) => normalizePath(path)));
    const want = new Set(gold.files.map((path) => normalizePath(path)));
    const overlap = jaccard(cited, want);
    const shared = [...cited].filter((path) => want.has(path)).length;
    return {
      score: Math.round(10 * overlap),
      why: `cites ${cited.size} file(s), ${shared} of the ${want.size} gold file(s) (overlap ${overlap.toFixed(3)})`,
    };
  }
  const words = (text: string) => new Set(text.toLowerCase().match(WORD) ?? []);
  const overlap = jaccard(words(answer), words(gold.answer));
  return { score: Math.round(10 * overlap), why: `word overlap with the gold answer ${overlap.toFixed(3)}` };
}

/**
 * The offline policy's reply to a judging prompt (`readJudgeInput`), `null` for any other request:
 * the strict JSON a judge must return, each reason opening with the offline label.
 *
 * @example
 * offlineJudgeStep(request)?.content; // '{"A":{"score":10,"reason":"[offline policy: ...] cites 1 file(s), ..."},"B":...}'
 */
export function offlineJudgeStep(request: PolicyRequest): PolicyReply | null {
  const input = readJudgeInput(request.messages);
  if (input === null) return null;
  const entry = (answer: string | null) => {
    const { score, why } = offlineJudgeScore(answer, input.gold);
    return { score, reason: `${OFFLINE_LABEL} ${why}` };
  };
  const reply = { A: entry(input.answers.A), B: entry(input.answers.B) };
  return { type: 'reply', content: JSON.stringify(reply), tool_calls: [] };
}
