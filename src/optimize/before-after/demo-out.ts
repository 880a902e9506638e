import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import { DEMO_COMMITS } from './demo-product.js';

// What a before-after campaign directory holds at its top: a directory with nothing else and no
// plan is a campaign stopped before it measured anything.
const CAMPAIGN_ENTRIES = new Set([
  ...Object.values(campaignPaths('.'))
    .filter((path): path is string => typeof path === 'string')
    .map((path) => basename(path)),
  'arms',
  'offline-llm-block.yaml',
]);

// A plan whose arms are the demo product's two commits: an earlier demo's run.
function isDemoPlan(file: string): boolean {
  try {
    const plan = JSON.parse(readFileSync(file, 'utf8')) as {
      arms?: { commit?: { subject?: unknown } }[];
    };
    const subjects = (plan.arms ?? []).map((arm) => arm.commit?.subject);
    return subjects[0] === DEMO_COMMITS.baseline && subjects[1] === DEMO_COMMITS.candidate;
  } catch {
    return false; // unreadable or not JSON: not a demo's plan
  }
}

/**
 * Empties the demo's `--out` for a fresh campaign (each demo makes a product with new commits, so
 * an earlier demo's plan would be refused as another plan), but only when it is the demo's own:
 * absent, empty, an earlier demo's run, or a campaign stopped before its plan. Anything else (a
 * real campaign, a user's files) is refused before any work (`OUTPUT_WOULD_CLOBBER`, exit 2).
 *
 * @example
 * clearDemoOut('runs/demo'); // removes an earlier demo's run; throws on `runs/my-campaign`
 */
export function clearDemoOut(out: string): void {
  let entries: string[];
  try {
    entries = readdirSync(out);
  } catch {
    return; // nothing there (or not a directory): the campaign makes it or refuses the path
  }
  const plan = join(out, 'plan.json');
  const own = entries.includes('plan.json')
    ? isDemoPlan(plan)
    : entries.every((entry) => CAMPAIGN_ENTRIES.has(entry));
  if (!own) {
    throw new AgentTrackError(
      'OUTPUT_WOULD_CLOBBER',
      `\`--out\` names \`${out}\`, which holds files that are not an earlier demo's run: the demo replaces only its own; choose another directory`,
      { data: { option: '--out', path: out } },
    );
  }
  rmSync(out, { recursive: true, force: true });
}
