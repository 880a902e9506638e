/**
 * What the HTML viewer embeds: a summary per task (small, parsed at load for the list and the
 * filters), the details per task (turns and calls, compressed, expanded on click) and each
 * distinct full result once (compressed, expanded on click). Pure types; the page reads them as JSON.
 */

/** The arms of a before-after run, in column order. */
export const VIEWER_ARMS = ['baseline', 'candidate'] as const;
export type ViewerArm = (typeof VIEWER_ARMS)[number];

/** A metric the list shows and filters by: a report row's key, group and better direction. */
export interface ViewerMetric {
  key: string;
  group: string;
  /** `binary` values are 0/1 (shown as no/yes). */
  kind: 'continuous' | 'binary';
  direction: 'higher' | 'lower' | 'neither';
}

/** One arm of one task in the list: how it ended and its metrics (aligned with `metrics`), or why it is missing. */
export type ArmSummary =
  | { state: 'ok'; outcome: string; turns: number; calls: number; values: (number | null)[] }
  | { state: 'refused'; error: string }
  | { state: 'missing' };

export interface TaskSummary {
  id: string;
  question: string | null;
  baseline: ArmSummary;
  candidate: ArmSummary;
  /** The arms differ in outcome, calls, needless calls or gold reached (`DIFF_KEYS`). */
  differ: boolean;
}

/** One tool call as the detail shows it. */
export interface CallView {
  seq: number;
  tool: string;
  /** The arguments, pretty JSON (or the raw string the model sent when it was not an object). */
  args: string;
  ok: boolean;
  error: string | null;
  /** sha256 of the whole result: the key of its preview, and of its embedded blob when the preview is cut. */
  blob: string;
  bytes: number;
  /** Whether the preview is the whole result. */
  whole: boolean;
  /** Whether the whole result is embedded (`blobs`); false when the store lacks it or it is over the cap. */
  embedded: boolean;
  identifiers: string[];
  rows: number | null;
  duration_ms: number | null;
  /** The needless components that charged this call (`resurfacing`, `zero_yield`, ...). */
  needless: string[];
  /** Whether it surfaced a gold item; `null` when the task has no gold known to the viewer. */
  gold: boolean | null;
}

/** One model turn: the message and the calls it proposed. */
export interface TurnView {
  turn: number;
  message_id: string;
  finish_reason: string | null;
  content: string;
  usage: { prompt: number; completion: number } | null;
  calls: CallView[];
}

export interface ArmDetail {
  answer: string | null;
  outcome: string;
  turns: number;
  turn_budget: number | null;
  error: string | null;
  turn_views: TurnView[];
}

/** What a click on a task expands: both arms, and the previews the calls name (each once). */
export interface TaskDetail {
  id: string;
  question: string | null;
  gold: string[];
  baseline: ArmDetail | null;
  candidate: ArmDetail | null;
  previews: Record<string, string>;
}
