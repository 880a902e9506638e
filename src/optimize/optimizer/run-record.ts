import type { RunRecordInput } from '../../report/index.js';
import { parseSplitName } from '../../retrieval/index.js';
import type { OptimizationResult } from './result.js';

/**
 * The run-log record of an optimize campaign (`system: optimize`, config `<axis>:<final id>`, the
 * held-out slice as its dataset): the incumbent's search mean, and each confirmation's paired
 * delta with its interval over its pairs (`delta <candidate>`), so `runs list` shows campaigns
 * beside before-afters and retrieval runs.
 *
 * @example
 * appendRunRecord(defaultRunLog(), optimizeRunRecord(result));
 */
export function optimizeRunRecord(result: OptimizationResult): RunRecordInput {
  const { dataset: name, slice } = parseSplitName(result.acceptance.slice);
  return {
    system: 'optimize',
    config: `${result.axis}:${result.final.id}`,
    dataset: { name, slice, limit: null, tasks: result.acceptance.tasks },
    params: {
      dry_run: result.dry_run,
      stop: result.stop,
      rounds: result.rounds,
      rollouts: result.rollouts,
      usd: result.spend.usd,
    },
    metrics: [
      {
        key: 'incumbent search mean',
        value: result.incumbent.search_mean,
        low: null,
        high: null,
        n: result.search.tasks,
      },
      ...result.confirmations.map((c) => ({
        key: `delta ${c.candidate} (${c.decision})`,
        value: c.delta,
        low: c.low,
        high: c.high,
        n: c.pairs,
      })),
    ],
    artifacts: { result: `${result.dir}/result.json`, report: `${result.dir}/result.md` },
  };
}
