import { appendFileSync } from 'node:fs';
import { redact } from '../../core/index.js';

/** Appends one timestamped line to the campaign log; secrets are redacted. */
export type CampaignLog = (line: string) => void;

/**
 * Opens `campaign.log` for appending: one line per event (started, failed with its exception,
 * excluded, stopped at the ceiling), so a run that answered nothing says why.
 *
 * @example
 * const log = openCampaignLog('runs/demo/campaign.log', [process.env.OPENAI_API_KEY ?? '']);
 * log('baseline t1 failed: TypeError: boom');
 */
export function openCampaignLog(
  file: string,
  secrets: readonly string[] = [],
  now: () => Date = () => new Date(),
): CampaignLog {
  return (line) =>
    appendFileSync(file, `${now().toISOString()} ${redact(line, secrets).replace(/\n/g, ' ')}\n`);
}
