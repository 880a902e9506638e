/**
 * Writes the committed fixture runs the viewer's tests open, one of each kind `agent-track view`
 * draws besides before-after (that one is bench/make-viewer-fixture.ts), through the real CLI with
 * the offline policy and the fake agent CLI (no key, no network, no third-party code):
 *
 * - `fixtures/runs/rung-small/{base,overlays}.json`: `retrieval` on fixture-code/small_dev, the
 *   first 4 tasks, the serving config alone and then two overlays `--compare`d with it;
 * - `fixtures/runs/optimize-small/`: `optimize --dry-run` of the shipped tool_docs campaign on the
 *   first 7 tasks of each slice, 2 rounds of 2 candidates (round 1's second candidate is accepted);
 *   `rollouts/` and `plots/` are left out (the page reads neither);
 * - `fixtures/runs/track-small/`: `track` with `fixtures/bin/fake-claude.mjs` over
 *   `fixtures/track/tasks.jsonl` (3 tasks; exit 4, too few pairs); `transcripts/` and `mcp/` left out.
 *
 * The run log goes to a scratch cache, removed after. Paths the CLI wrote absolute are made relative to the repository root, so the files do not name
 * this machine. Needs `npm run transpile` first. Re-run after a change to a format:
 * `npx tsx bench/make-run-fixtures.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const runs = join(root, 'fixtures', 'runs');
const cache = mkdtempSync(join(tmpdir(), 'agent-track-fixture-cache-'));
const env = { ...process.env, AGENT_TRACK_CACHE: cache };

function cli(args: string[], okCodes: number[] = [0]): void {
  try {
    execFileSync(process.execPath, [join(root, 'dist/cli/bin.js'), ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch (error) {
    const status = (error as { status?: number }).status ?? -1;
    if (!okCodes.includes(status)) throw error;
  }
}

/** Every text file under `dir`: the repository root (as the CLI wrote it) replaced by a relative path. */
function relativize(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) relativize(path);
    else if (!name.includes('.') || /\.(json|jsonl|md|diff|yaml)$/.test(name)) {
      const text = readFileSync(path, 'utf8');
      const fixed = text.replaceAll(`${root}/`, '').replaceAll(root, '.');
      if (fixed !== text) writeFileSync(path, fixed);
    }
  }
}

function sizeOf(path: string): number {
  return statSync(path).isDirectory()
    ? readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0)
    : statSync(path).size;
}

const rung = join(runs, 'rung-small');
rmSync(rung, { recursive: true, force: true });
const rungArgs = ['retrieval', '--dataset', 'fixture-code', '--split', 'small_dev', '--limit', '4'];
cli([...rungArgs, '--out', join(rung, 'base.json')]);
cli([
  ...rungArgs,
  '--overlay',
  'configs/retrieval/all-words-strict.yaml',
  '--overlay',
  'configs/retrieval/graph-expanded.yaml',
  '--out',
  join(rung, 'overlays.json'),
  '--compare',
  join(rung, 'base.json'),
]);
relativize(rung);

const optimize = join(runs, 'optimize-small');
rmSync(optimize, { recursive: true, force: true });
cli([
  'optimize',
  '--config',
  'configs/optimize/tool_docs.yaml',
  '--dry-run',
  '--limit',
  '7',
  '--rounds',
  '2',
  '--candidates',
  '2',
  '--out',
  optimize,
]);
for (const heavy of ['rollouts', 'plots']) rmSync(join(optimize, heavy), { recursive: true, force: true });
relativize(optimize);

const track = join(runs, 'track-small');
rmSync(track, { recursive: true, force: true });
cli(
  [
    'track',
    '--agent-bin',
    'fixtures/bin/fake-claude.mjs',
    '--dataset',
    'fixtures/track/tasks.jsonl',
    '--split',
    'all',
    '--out',
    track,
    '--confirm-spend',
    '--timeout-seconds',
    '60',
  ],
  [4],
);
for (const heavy of ['transcripts', 'mcp']) rmSync(join(track, heavy), { recursive: true, force: true });
relativize(track);

rmSync(cache, { recursive: true, force: true });
for (const dir of [rung, optimize, track])
  console.log(`wrote ${relative(process.cwd(), dir)}: ${(sizeOf(dir) / 1024).toFixed(0)} KiB`);
