import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AgentTrackError } from '../../core/index.js';

/** The kinds of run `agent-track view` draws a page for. */
export const RUN_KINDS = ['before-after', 'optimize', 'track', 'compare', 'rung'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

/** What a run of each kind holds: the refusal names them all. */
const WHAT_EACH_HOLDS =
  'A before-after run is a directory with `arms/baseline/` and `arms/candidate/` (`agent-track before-after`, `demo`); ' +
  'a track run a directory with `arms/bare/` and `arms/with-server/` beside `ledger.jsonl` (`agent-track track`); ' +
  'an optimize campaign a directory with `result.json` and `campaign.json` (`agent-track optimize`); ' +
  'a comparison a directory whose `report.json` is of `kind: compare` (`agent-track compare --confirm-spend`); ' +
  'a retrieval rung run one JSON file of `kind: retrieval-rung` (`agent-track retrieval --out FILE`)';

const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory();
const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

function refuse(path: string, why: string): never {
  throw new AgentTrackError(
    'VIEWER_NOT_A_RUN',
    `\`${path}\` is not a run to view: ${why}. ${WHAT_EACH_HOLDS}`,
    {
      data: { dir: path, why },
    },
  );
}

// A JSON file's `kind`; `undefined` when it has none, `null` when it is not JSON.
function kindOf(file: string): unknown {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { kind?: unknown } | null)?.kind;
  } catch {
    return null;
  }
}

function rungKind(file: string): RunKind {
  const kind = kindOf(file);
  // Not JSON at all: the same refusal as a JSON file of another kind.
  if (kind === null) return refuse(file, 'it is a file but not JSON');
  if (kind !== 'retrieval-rung') return refuse(file, `it is a JSON file of \`kind: ${String(kind)}\``);
  return 'rung';
}

/**
 * Which kind of run a path is, by the files it holds: a retrieval rung run is a JSON file of
 * `kind: retrieval-rung`; a directory with `result.json` and `campaign.json` is an optimize
 * campaign; with a `report.json` of `kind: compare` a comparison; with `arms/bare/` or
 * `arms/with-server/` and `ledger.jsonl` a track; with
 * `arms/baseline/` or `arms/candidate/` a before-after run. Anything else is `VIEWER_NOT_A_RUN`,
 * naming the path and what a run of each kind holds.
 *
 * @example
 * findRun('runs/guide/demo'); // 'before-after'
 */
export function findRun(path: string): RunKind {
  if (!existsSync(path)) return refuse(path, 'it does not exist');
  if (isFile(path)) return rungKind(path);
  if (isFile(join(path, 'result.json')) && isFile(join(path, 'campaign.json'))) return 'optimize';
  const report = join(path, 'report.json');
  if (isFile(report) && kindOf(report) === 'compare') return 'compare';
  const arm = (name: string) => isDir(join(path, 'arms', name));
  if ((arm('bare') || arm('with-server')) && isFile(join(path, 'ledger.jsonl'))) return 'track';
  if (arm('baseline') || arm('candidate')) return 'before-after';
  return refuse(path, 'it holds none of the files a run of any kind holds');
}
