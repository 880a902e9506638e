import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AgentTrackError } from '../../core/index.js';

// Why `dir` holds another job's run, or null when it is empty, new or a track's own.
function foreignRun(dir: string): string | null {
  for (const arm of ['baseline', 'candidate'])
    if (existsSync(join(dir, 'arms', arm))) return `a before-after run (\`arms/${arm}/\`)`;
  if (existsSync(join(dir, 'campaign.json'))) return 'an optimize campaign (`campaign.json`)';
  const plan = join(dir, 'plan.json');
  if (!existsSync(plan)) return null;
  try {
    const parsed = JSON.parse(readFileSync(plan, 'utf8')) as Record<string, unknown> | null;
    // A track's plan names its agent and its judge; a campaign's plan has neither.
    if (parsed !== null && typeof parsed.agent === 'string' && typeof parsed.judge === 'object') return null;
  } catch {
    // Not JSON: not a plan a track wrote.
  }
  return 'a plan.json a track did not write';
}

/**
 * Refuses a track directory that holds another job's run (a before-after run, an optimize
 * campaign, a plan no track wrote) before the track writes its plan there
 * (`OUTPUT_WOULD_CLOBBER`, exit 2); its own earlier track is what a re-run resumes.
 *
 * @example
 * assertTrackDirectory('runs/demo'); // throws: `runs/demo` holds a before-after run ...
 */
export function assertTrackDirectory(dir: string): void {
  const why = foreignRun(dir);
  if (why === null) return;
  throw new AgentTrackError(
    'OUTPUT_WOULD_CLOBBER',
    `\`${dir}\` holds ${why}: a track writes only into a directory of its own; choose another --out`,
    { data: { option: '--out', path: dir } },
  );
}
