import { join } from 'node:path';
import { appendRunRecord } from '../../report/index.js';
import { estimateText } from './money/estimate.js';
import type { ObjectiveTracker } from './objective-trace.js';
import { type OptimizationResult, writeResultFiles } from './result.js';
import { optimizeRunRecord } from './run-record.js';

/**
 * What a campaign leaves when it stops, however it stopped: `result.json`/`.md`, its line in the
 * run log, the objective trace and its plot, and the closing lines (the accepted diff with how to
 * apply it, why it stopped and what it spent).
 */
export async function finishCampaign(
  result: OptimizationResult,
  context: { runLog: string; trace: ObjectiveTracker; spentUsd: number; log: (line: string) => void },
): Promise<void> {
  const { log } = context;
  writeResultFiles(result);
  appendRunRecord(context.runLog, optimizeRunRecord(result));
  for (const warning of await context.trace.write(result.dir)) log(`  plot: ${warning}`);
  if (result.diff !== null)
    log(
      `Accepted \`${result.final.id}\`: its diff (apply it in the product's repository with \`git apply ${join(result.dir, 'accepted.diff')}\`):\n${result.diff.trimEnd()}`,
    );
  log(
    `Stopped: ${result.stop}. Spent $${context.spentUsd.toFixed(2)}; a real run of these steps: ${estimateText(result.estimate)}${result.resumed ? `; the whole campaign: ${estimateText(result.campaign_estimate)}` : ''}`,
  );
  log(`Wrote ${join(result.dir, 'result.json')} and result.md`);
}
