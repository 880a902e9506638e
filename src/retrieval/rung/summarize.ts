import { bootstrapCI, percentile } from '../../stats/index.js';
import { RUNG_SUMMARY_METRICS, type RungSummaryRow, type RungTask } from './rung-schema.js';

/**
 * Every ranked rung metric (`RUNG_SUMMARY_METRICS`) at piece and file level as a mean with its 95% bootstrap interval (tasks whose
 * gold is undefined drop out, never count as 0), and the search round trip's p50/p95.
 */
export function summarizeRung(tasks: readonly RungTask[]): {
  summary: RungSummaryRow[];
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
} {
  const summary: RungSummaryRow[] = [];
  for (const level of ['piece', 'file'] as const) {
    for (const metric of RUNG_SUMMARY_METRICS) {
      const { mean, low, high, n } = bootstrapCI(tasks.map((task) => task[level][metric] ?? null));
      summary.push({ metric, level, mean, low, high, n });
    }
  }
  const latencies = tasks.map((task) => task.latency_ms);
  const latency = bootstrapCI(latencies);
  summary.push({ metric: 'latency_ms', level: 'latency', ...latency });
  return { summary, latency_p50_ms: percentile(latencies, 50), latency_p95_ms: percentile(latencies, 95) };
}
