import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AgentTrackError } from '../../../core/index.js';
import { loadServingConfig, rungOverlay } from '../../../product/index.js';
import { RUNG_METRICS, rungOverlaySchema, type Task } from '../../../retrieval/index.js';
import { writeJsonAtomic } from '../../../trajectory/index.js';
import { artifactHash, type Candidate, canonicalJson } from '../candidate.js';
import { servingFile } from '../evaluate/candidate-setup.js';
import { drawFreeRung } from './free-rung-figure.js';

/** A metric the free rung reports (`recall@1`, `recall@5`, `recall@10`, `mrr`, `ndcg@10`). */
export type FreeRungMetric = (typeof RUNG_METRICS)[number];

export interface FreeRungOptions {
  /** The campaign's incumbent overlay: the bar every candidate is measured against. */
  incumbent: Candidate;
  /** `retrieval_config` candidates: `text` is the canonical JSON of an overlay. */
  candidates: readonly Candidate[];
  /** The tasks searched (the campaign's search slice). */
  tasks: readonly Task[];
  cacheDir: string;
  reposDir: string;
  /** The run directory: a candidate's serving config and rung output go to `<dir>/free-rung/<hash16>/`. */
  dir: string;
  /** Default `mrr`: deterministic, bounded, and it sees both whether gold is on the page and how high. */
  metric?: FreeRungMetric;
  /** Default `piece`: the rows as the server returns them, judged by the task's own gold kind. */
  level?: 'piece' | 'file';
  /** A dry run's offline endpoint: an overlay's `endpoint: offline` is written as it. */
  offlineUrl?: string | null;
  /** Rows asked per search; default each candidate's own `response.top_k`, the rows an agent gets. */
  k?: number;
  /**
   * `<dataset>/<slice>` searched: when given, every config screened so far is drawn (scores, and
   * quality against latency) into `<dir>/plots/free-rung/` (`drawFreeRung`).
   */
  split?: string;
  /** Where a drawing's warnings go (no font for the PNGs). */
  log?: (line: string) => void;
}

export interface FreeRungScreen {
  /** The metric's report name with its level (`mrr (piece)`). */
  metric: string;
  /** Candidate id -> mean over the tasks defining the metric; `null` when none does. */
  scores: Map<string, number | null>;
  incumbent: number | null;
  /** Candidates, in input order, whose retrieval is not measured worse than the incumbent's. */
  survivors: Candidate[];
  dropped: { id: string; reason: string }[];
  /** Candidate id (and `incumbent`) -> its saved rung output. */
  files: Map<string, string>;
}

// What a candidate's rung output file holds: enough to recognise it on resume.
const savedSchema = z
  .object({
    kind: z.literal('free-rung'),
    candidate: z.string(),
    k: z.number().int().nullable(),
    task_ids: z.array(z.string()),
    overlay: rungOverlaySchema,
  })
  .strict();
type Saved = z.infer<typeof savedSchema>;

/**
 * Screens retrieval overlays with the free retrieval rung before any agent rung: each candidate's
 * overlay is merged over the default serving config, every task's question is searched through the
 * reference server (a real MCP client, no model, no money) and the rows are scored against gold.
 * A candidate is dropped when its mean is strictly below the incumbent's: retrieval measured worse
 * never earns agent rollouts. A `null` mean (no task defines the metric) is undefined, not 0: the
 * candidate survives, and every candidate survives when the incumbent's mean is `null`. Each
 * candidate's output is saved under `<dir>/free-rung/<hash16>/`, keyed by the task ids and `k`,
 * and read back instead of re-run (a resumed campaign searches nothing twice).
 *
 * @example
 * const screen = await freeRungScreen({ incumbent, candidates, tasks: slices.search.tasks, cacheDir, reposDir, dir: run });
 * screen.dropped; // [{ id: 'c1.0', reason: 'free rung: mrr (piece) 0.4 < incumbent 0.875 over 8 tasks' }]
 */
export async function freeRungScreen(options: FreeRungOptions): Promise<FreeRungScreen> {
  const metric = options.metric ?? 'mrr';
  const level = options.level ?? 'piece';
  if (!(RUNG_METRICS as readonly string[]).includes(metric)) {
    throw new AgentTrackError(
      'INVALID_OPTION',
      `Expected the \`metric\` option to be one of ${RUNG_METRICS.map((m) => `\`${m}\``).join(', ')}, got \`${metric}\``,
      { data: { metric } },
    );
  }
  const files = new Map<string, string>();
  const measure = async (candidate: Candidate): Promise<{ mean: number | null; n: number }> => {
    const { file, saved } = await rungOf(candidate, options);
    files.set(candidate.id, file);
    const row = saved.overlay.summary.find((r) => r.metric === metric && r.level === level);
    return { mean: row?.mean ?? null, n: row?.n ?? 0 };
  };
  const incumbent = await measure(options.incumbent);
  const name = `${metric} (${level})`;
  const scores = new Map<string, number | null>();
  const survivors: Candidate[] = [];
  const dropped: FreeRungScreen['dropped'] = [];
  for (const candidate of options.candidates) {
    const { mean, n } = await measure(candidate);
    scores.set(candidate.id, mean);
    if (mean !== null && incumbent.mean !== null && mean < incumbent.mean) {
      dropped.push({
        id: candidate.id,
        reason: `free rung: ${name} ${show(mean)} < incumbent ${show(incumbent.mean)} over ${n} tasks`,
      });
    } else {
      survivors.push(candidate);
    }
  }
  if (options.split !== undefined) {
    const drawn = await drawFreeRung({
      dir: options.dir,
      split: options.split,
      incumbent: options.incumbent.id,
      files,
    });
    for (const warning of drawn.warnings) options.log?.(`free rung figures: ${warning}`);
  }
  return { metric: name, scores, incumbent: incumbent.mean, survivors, dropped, files };
}

// Four decimals, trailing zeros dropped: enough to tell two means apart in a reason line.
function show(value: number): string {
  return String(Number(value.toFixed(4)));
}

// A candidate's rung output: read from its file when the same tasks and k were run before, else
// searched now through the merged serving config and saved (temp + rename).
async function rungOf(
  candidate: Candidate,
  options: FreeRungOptions,
): Promise<{ file: string; saved: Saved }> {
  const dir = join(options.dir, 'free-rung', candidate.hash.slice(0, 16));
  const taskIds = options.tasks.map((task) => task.id);
  const key = artifactHash(canonicalJson({ k: options.k ?? null, tasks: taskIds })).slice(0, 12);
  const file = join(dir, `rung-${key}.json`);
  const cached = readSaved(file, candidate, taskIds, options.k ?? null);
  if (cached !== null) return { file, saved: cached };
  mkdirSync(dir, { recursive: true });
  const config = servingFile(dir, overlayOf(candidate), options.offlineUrl ?? null);
  const k = options.k ?? loadServingConfig(config).response.top_k;
  const overlay = await rungOverlay({
    name: candidate.id,
    config,
    files: [],
    tasks: options.tasks,
    k,
    cacheDir: options.cacheDir,
    reposDir: options.reposDir,
  });
  const saved: Saved = {
    kind: 'free-rung',
    candidate: candidate.hash,
    k: options.k ?? null,
    task_ids: taskIds,
    overlay,
  };
  writeJsonAtomic(file, saved);
  return { file, saved };
}

function readSaved(file: string, candidate: Candidate, taskIds: string[], k: number | null): Saved | null {
  if (!existsSync(file)) return null;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const parsed = savedSchema.safeParse(value);
  if (!parsed.success) return null;
  const saved = parsed.data;
  const same =
    saved.candidate === candidate.hash &&
    saved.k === k &&
    canonicalJson(saved.task_ids) === canonicalJson(taskIds);
  return same ? saved : null;
}

// The overlay a retrieval candidate carries; `{}` is the default serving config as it is.
function overlayOf(candidate: Candidate): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(candidate.text);
  } catch (error) {
    throw new AgentTrackError(
      'INVALID_CANDIDATE',
      `Candidate \`${candidate.id}\` is not a retrieval overlay: its text is not JSON`,
      { data: { candidate: candidate.id }, cause: error },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AgentTrackError(
      'INVALID_CANDIDATE',
      `Candidate \`${candidate.id}\` is not a retrieval overlay: expected a JSON object, got \`${candidate.text.slice(0, 40)}\``,
      { data: { candidate: candidate.id } },
    );
  }
  const record = value as Record<string, unknown>;
  return Object.keys(record).length === 0 ? null : record;
}
