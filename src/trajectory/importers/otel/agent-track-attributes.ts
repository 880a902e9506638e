import { z } from 'zod';
import { type Outcome, outcomeSchema, type ResultRow, resultRowSchema } from '../../schema.js';
import { toolsConfigSchema } from '../../tools/schema.js';
import { resolveToolRoles, type ToolRoles } from '../../tools/tool-roles.js';
import { countAttribute, stringAttribute } from './attributes.js';

/**
 * The `agent_track.*` attributes `exportOtlp` writes beside the GenAI conventions' own, for what the
 * conventions have no key for: the run's place on disk, its recorded ending, each call's `seq`,
 * identifiers and rows, each turn's number. The importer reads them back, so an exported run
 * imports as the run it was (one list of names, written and read from here).
 */
export const AGENT_TRACK_ATTRIBUTES = {
  run: 'agent_track.run',
  /** The trajectory's directory relative to the exported run, `/`-separated (`arms/baseline/tasks/t1`). */
  trajectory: 'agent_track.trajectory',
  arm: 'agent_track.arm',
  taskId: 'agent_track.task.id',
  repeat: 'agent_track.repeat',
  outcome: 'agent_track.result.outcome',
  turns: 'agent_track.result.turns',
  turnBudget: 'agent_track.result.turn_budget',
  timedOut: 'agent_track.result.timed_out',
  error: 'agent_track.result.error',
  patch: 'agent_track.result.patch',
  runCost: 'agent_track.result.cost_usd',
  /** The tool roles the exported metrics were computed with, as JSON (`search`, `symbol`, `read`, `write`, `batch`, `identified`). */
  roles: 'agent_track.tool_roles',
  turn: 'agent_track.turn',
  messageCost: 'agent_track.message.cost_usd',
  seq: 'agent_track.call.seq',
  identifiers: 'agent_track.call.identifiers',
  rows: 'agent_track.call.rows',
  bytes: 'agent_track.call.bytes',
  blob: 'agent_track.call.blob',
  /** `true` when the run's store lacked the whole result: the result attribute is the preview. */
  resultCut: 'agent_track.call.result_cut',
  /** Prefix of the per-trajectory metric columns (`agent_track.metrics.needless_call_rate`). */
  metrics: 'agent_track.metrics.',
} as const;

const A = AGENT_TRACK_ATTRIBUTES;

/** What an exported span says of itself under `agent_track.*`; each field absent when it does not. */
export interface ExportedFields {
  task_id?: string;
  /** The trajectory's path segments under the run, each a plain directory name. */
  path?: string[];
  outcome?: Outcome;
  turns?: number;
  /** `null` when the run recorded no budget (the attribute is then absent but the outcome is there). */
  turn_budget?: number | null;
  timed_out?: boolean;
  error?: string;
  patch?: string;
  cost_usd?: number;
  /** The tool roles the run was scored with when exported: a trace alone scores as its run did. */
  roles?: ToolRoles;
  /** The root names its answer in `gen_ai.output.messages`; absent there, the answer was `null`. */
  has_answer?: boolean;
  turn?: number;
  message_cost_usd?: number;
  seq?: number;
  identifiers?: string[];
  rows?: ResultRow[];
}

const rowsSchema = z.array(resultRowSchema);

function costAttribute(map: Record<string, unknown>, key: string): number | undefined {
  const value = map[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

// A segment the importer may create as is: not empty, not `.`/`..` or hidden, no separator, not the store.
function plainSegments(path: string | undefined): string[] | undefined {
  if (path === undefined || path === '') return undefined;
  const segments = path.split('/');
  const plain = segments.every(
    (segment) =>
      segment !== '' &&
      !segment.startsWith('.') &&
      segment !== 'blobs' &&
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL or control character is refused.
      !/[\\\u0000-\u001f]/.test(segment),
  );
  return plain ? segments : undefined;
}

function rowsOf(raw: string | undefined): ResultRow[] | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed = rowsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// Roles written whole by the exporter; a partial or malformed value is left out, never half-read.
function rolesOf(raw: string | undefined): ToolRoles | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed = toolsConfigSchema.required().safeParse(JSON.parse(raw));
    return parsed.success ? resolveToolRoles(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}

function stringsOf(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
}

/**
 * Reads a span's `agent_track.*` attributes (a value of the wrong type is left out, as a span from
 * elsewhere may carry anything); `undefined` when it has none.
 *
 * @example
 * readExportedFields({ 'agent_track.call.seq': 3 }); // { seq: 3 }
 */
export function readExportedFields(map: Record<string, unknown>): ExportedFields | undefined {
  if (!Object.keys(map).some((key) => key.startsWith('agent_track.'))) return undefined;
  const outcome = outcomeSchema.safeParse(map[A.outcome]);
  const timedOut = map[A.timedOut];
  const cut = (fields: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as ExportedFields;
  const budget = countAttribute(map, A.turnBudget);
  return cut({
    task_id: stringAttribute(map, A.taskId),
    path: plainSegments(stringAttribute(map, A.trajectory)),
    outcome: outcome.success ? outcome.data : undefined,
    turns: countAttribute(map, A.turns),
    turn_budget: outcome.success ? (budget !== undefined && budget > 0 ? budget : null) : undefined,
    timed_out: typeof timedOut === 'boolean' ? timedOut : undefined,
    error: stringAttribute(map, A.error),
    patch: stringAttribute(map, A.patch),
    cost_usd: costAttribute(map, A.runCost),
    roles: rolesOf(stringAttribute(map, A.roles)),
    has_answer: outcome.success ? map['gen_ai.output.messages'] !== undefined : undefined,
    turn: ((turn) => (turn !== undefined && turn > 0 ? turn : undefined))(countAttribute(map, A.turn)),
    message_cost_usd: costAttribute(map, A.messageCost),
    seq: countAttribute(map, A.seq),
    identifiers: stringsOf(map[A.identifiers]),
    rows: rowsOf(stringAttribute(map, A.rows)),
  });
}
