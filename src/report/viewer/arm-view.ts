import type { ScoredTask } from '../../retrieval/index.js';
import {
  computeMetrics,
  goldCalls,
  METRIC_COLUMNS,
  NEEDLESS_COMPONENTS,
  type NeedlessCalls,
  needlessCalls,
  REFERENCE_TOOL_ROLES,
  type ToolEvent,
  type ToolRoles,
  type Trajectory,
} from '../../trajectory/index.js';
import type { ArmDetail, ArmSummary, CallView, TurnView } from './viewer-data.js';

/** One arm of one task, ready to embed: its list line, its detail, and the results its calls name. */
export interface ArmView {
  summary: Extract<ArmSummary, { state: 'ok' }>;
  detail: ArmDetail;
  /** sha256 -> preview, one per distinct result. */
  previews: Map<string, string>;
}

/** Embeds a cut result's whole text once per run; false when it cannot (not in the store, over the cap). */
export type EmbedBlob = (sha256: string, bytes: number, blobs: Trajectory['blobs']) => boolean;

function argsText(event: ToolEvent): string {
  if (event.args_raw !== undefined) return event.args_raw;
  return JSON.stringify(event.args, null, 2);
}

function chargedBy(needless: NeedlessCalls): Map<number, string[]> {
  const by = new Map<number, string[]>();
  for (const component of NEEDLESS_COMPONENTS) {
    for (const seq of needless[component].charged) by.set(seq, [...(by.get(seq) ?? []), component]);
  }
  return by;
}

/**
 * Scores one trajectory with the trajectory layer's own functions (`computeMetrics`,
 * `needlessCalls`, `goldCalls`) and lays it out by turn: each message with the calls it proposed,
 * each call with its arguments, preview, the components that charged it and whether it reached gold.
 *
 * @example
 * const view = armView(trajectory, task, { embed: () => false });
 * view.detail.turn_views[0]?.calls[0]?.needless; // ['zero_yield']
 */
export function armView(
  trajectory: Trajectory,
  task: ScoredTask | null,
  options: { roles?: ToolRoles | undefined; embed: EmbedBlob },
): ArmView {
  const roles = options.roles ?? REFERENCE_TOOL_ROLES;
  const metrics = computeMetrics(trajectory, task, { roles });
  const charged = chargedBy(needlessCalls(trajectory, roles));
  const gold = goldCalls(trajectory, task);
  const goldSet = new Set(gold ?? []);
  const previews = new Map<string, string>();
  const byTurn = new Map<number, TurnView>();
  for (const message of [...trajectory.messages].sort((a, b) => a.turn - b.turn)) {
    if (byTurn.has(message.turn)) continue;
    byTurn.set(message.turn, {
      turn: message.turn,
      message_id: message.id,
      finish_reason: message.finish_reason,
      content: trajectory.messages
        .filter((m) => m.turn === message.turn)
        .map((m) => m.content)
        .filter((c) => c !== '')
        .join('\n\n'),
      usage: message.usage ? { prompt: message.usage.prompt, completion: message.usage.completion } : null,
      calls: [],
    });
  }
  for (const event of [...trajectory.events].sort((a, b) => a.seq - b.seq)) {
    const turn = trajectory.turns[String(event.seq)]!;
    const whole = Buffer.byteLength(event.preview, 'utf8') >= event.bytes;
    previews.set(event.blob, event.preview);
    const embedded = !whole && options.embed(event.blob, event.bytes, trajectory.blobs);
    const call: CallView = {
      seq: event.seq,
      tool: event.tool,
      args: argsText(event),
      ok: event.ok,
      error: event.error ?? null,
      blob: event.blob,
      bytes: event.bytes,
      whole,
      embedded,
      identifiers: event.identifiers,
      rows: event.rows?.length ?? null,
      duration_ms: event.duration_ms,
      needless: charged.get(event.seq) ?? [],
      gold: gold === null ? null : goldSet.has(event.seq),
    };
    byTurn.get(turn.turn)?.calls.push(call);
  }
  const { result } = trajectory;
  return {
    summary: {
      state: 'ok',
      outcome: result.outcome,
      turns: result.turns,
      calls: trajectory.events.length,
      values: METRIC_COLUMNS.map((column) => column.read(metrics)),
    },
    detail: {
      answer: result.answer,
      outcome: result.outcome,
      turns: result.turns,
      turn_budget: result.turn_budget,
      error: result.error ?? null,
      turn_views: [...byTurn.values()].sort((a, b) => a.turn - b.turn),
    },
    previews,
  };
}
