import { readRubricInput } from '../judge/rubric-prompt.js';
import { offlineJudgeScore } from './offline-judge.js';
import { OFFLINE_LABEL } from './offline-label.js';
import type { PolicyReply, PolicyRequest } from './policy.js';

/**
 * The offline policy's reply to a rubric prompt (`readRubricInput`), `null` for any other request:
 * the strict JSON a rubric judge must return, scored by `offlineJudgeScore` (the rubric text itself
 * is not read), the reason opening with the offline label.
 *
 * @example
 * offlineRubricStep(request)?.content; // '{"score":5,"reason":"[offline policy: ...] cites 2 file(s), 1 of the 1 gold file(s) (overlap 0.500)"}'
 */
export function offlineRubricStep(request: PolicyRequest): PolicyReply | null {
  const input = readRubricInput(request.messages);
  if (input === null) return null;
  const { score, why } = offlineJudgeScore(input.answer, input.gold);
  const reply = { score, reason: `${OFFLINE_LABEL} ${why}` };
  return { type: 'reply', content: JSON.stringify(reply), tool_calls: [] };
}
