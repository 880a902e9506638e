import type { Usage } from '../../schema.js';
import type { SpanView } from './span-view.js';

/**
 * The run's usage total, when the outermost agent span reports one that its model spans do not add
 * up to (tokens spent in calls no span traced): it then becomes `result.usage`, which wins over the
 * per-message sums, and a warning names both figures. When they agree it is `undefined`: the
 * messages already carry it, with their cached and reasoning slices.
 */
export function agentUsage(
  agents: readonly SpanView[],
  models: readonly SpanView[],
  warnings: string[],
): Usage | undefined {
  const usageOf = (span: SpanView) =>
    span.role.kind === 'tool' || span.role.kind === 'unknown' ? undefined : span.role.usage;
  const outer = agents.find((agent) => usageOf(agent) !== undefined);
  const total = outer === undefined ? undefined : usageOf(outer);
  if (outer === undefined || total === undefined || models.length === 0) return undefined;
  const usages = models.flatMap((model) => usageOf(model) ?? []);
  const prompt = usages.reduce((sum, usage) => sum + usage.prompt, 0);
  const completion = usages.reduce((sum, usage) => sum + usage.completion, 0);
  if (prompt === total.prompt && completion === total.completion) return undefined;
  warnings.push(
    `${outer.where}: span \`${outer.span_id}\` (agent) reports ${total.prompt} input / ${total.completion} output tokens, its model spans sum to ${prompt} / ${completion}: the agent's total is the run's`,
  );
  return total;
}
