import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { judgeAnswer, judgeGold, rubricMessages } from '../../../agent/index.js';
import { openJsonlLog } from '../../../core/index.js';
import type { CalledModel } from '../campaign-models.js';
import type { CampaignMoney } from '../money/campaign-money.js';
import type { JudgeRequest } from './harness-evaluator.js';

/** One judged sample, as the sample ledger (`judgments.jsonl`) keeps it. */
export const judgmentLineSchema = z
  .object({
    candidate: z.string(),
    hash: z.string(),
    slice: z.string(),
    repeat: z.number().int().nonnegative(),
    task: z.string(),
    status: z.enum(['judged', 'failed', 'no_gold']),
    /** In [0, 1]; `null` unless judged. */
    score: z.number().min(0).max(1).nullable(),
    reason: z.string(),
    /** The rollout's trajectory directory: the transcript the verdict is about. */
    transcript: z.string(),
  })
  .strict();

export type JudgmentLine = z.infer<typeof judgmentLineSchema>;

const keyOf = (l: Pick<JudgmentLine, 'hash' | 'slice' | 'repeat' | 'task'>) =>
  `${l.hash}\u0000${l.slice}\u0000${l.repeat}\u0000${l.task}`;

/**
 * The judge in the loop: per rollout one judged sample against the campaign's rubric, booked
 * before it is asked (`CampaignMoney.reserveCall`, at most `max_judge_calls`) and settled at its
 * usage, its verdict appended to the sample ledger with the transcript's path. A sample already in
 * the ledger (a resumed campaign) is read back, not asked again. Returns the judged term in [0, 1],
 * or `failed` when the judge could not say (the evaluator then leaves the task out, uncached).
 *
 * @example
 * const judge = loopJudge({ file: 'runs/o/judgments.jsonl', rubricFile, model, money });
 * const evaluate = harnessEvaluator({ ...options, judge: judge.score });
 */
export function loopJudge(options: {
  file: string;
  rubricFile: string;
  model: CalledModel;
  money: CampaignMoney;
}): {
  score: (request: JudgeRequest) => Promise<{ score: number | null; failed: boolean }>;
  reasons: (hash: string) => Map<string, string>;
} {
  const log = openJsonlLog(options.file, judgmentLineSchema, 'sample ledger');
  const lines = new Map(log.records.map((l) => [keyOf(l), l]));
  const rubric = readFileSync(options.rubricFile, 'utf8');
  return {
    async score(request) {
      const base = {
        candidate: request.candidate.id,
        hash: request.candidate.hash,
        slice: request.slice,
        repeat: request.repeat,
        task: request.task.id,
      };
      const known = lines.get(keyOf(base));
      if (known !== undefined && known.status !== 'failed') return { score: known.score, failed: false };
      const answer = request.trajectory.result.answer;
      const gold = judgeGold(request.task);
      let key: string | null = null;
      if (gold !== null) {
        const messages = rubricMessages({ rubric, question: request.task.question, gold, answer });
        key = options.money.reserveCall(
          'judge',
          `judge/${request.candidate.hash.slice(0, 16)}/${request.slice}/r${request.repeat}/${request.task.id}`,
          messages,
          options.model.maxTokens,
          2,
        );
      }
      const verdict = await judgeAnswer({
        provider: options.model.provider,
        model: options.model.model,
        rubric,
        task: request.task,
        answer,
      });
      if (key !== null) options.money.settleCall('judge', key, verdict.usage);
      const line: JudgmentLine = {
        ...base,
        status: verdict.status,
        score: verdict.score,
        reason: verdict.reason,
        transcript: request.dir,
      };
      log.append(line);
      lines.set(keyOf(line), line);
      return { score: verdict.score, failed: verdict.status === 'failed' };
    },
    reasons(hash) {
      const out = new Map<string, string>();
      for (const l of lines.values()) if (l.hash === hash) out.set(l.task, l.reason);
      return out;
    },
  };
}
