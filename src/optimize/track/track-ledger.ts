import { openJsonlLog } from '../../core/index.js';
import {
  type DiscardLine,
  type JudgeLine,
  type RolloutLine,
  type TrackArm,
  type TrackLedgerLine,
  trackLedgerLineSchema,
} from './track-schema.js';

/** A track's ledger, opened for resume: what it holds is never run again. */
export interface TrackLedger {
  readonly file: string;
  /** The torn last line a kill left (1-based), cut off on open; `null` when none. */
  readonly tornLine: number | null;
  /** The done rollout of (task, arm), if any. */
  done(taskId: string, arm: TrackArm): RolloutLine | undefined;
  /** Attempts recorded for (task, arm), failed ones included. */
  attempts(taskId: string, arm: TrackArm): number;
  judged(taskId: string): JudgeLine | undefined;
  discarded(taskId: string): DiscardLine | undefined;
  lines(): readonly TrackLedgerLine[];
  append(line: TrackLedgerLine): void;
}

/**
 * Opens a track's `ledger.jsonl` (created on first append): rollout attempts, judge verdicts and
 * discarded tasks, one line each. A torn last line from a kill is reported and cut off; any other
 * bad line is refused naming `file:line` (`CAMPAIGN_LOG_MALFORMED`).
 *
 * @example
 * const ledger = openTrackLedger('runs/track/ledger.jsonl');
 * if (ledger.discarded('t1')) console.log(ledger.discarded('t1')!.reason.message);
 */
export function openTrackLedger(file: string): TrackLedger {
  const log = openJsonlLog(file, trackLedgerLineSchema, 'track ledger');
  const { records, tornLine } = log;
  const all: TrackLedgerLine[] = [];
  const done = new Map<string, RolloutLine>();
  const attempts = new Map<string, number>();
  const judged = new Map<string, JudgeLine>();
  const discarded = new Map<string, DiscardLine>();
  const index = (line: TrackLedgerLine) => {
    all.push(line);
    if (line.kind === 'rollout') {
      const key = `${line.task_id}\0${line.arm}`;
      attempts.set(key, (attempts.get(key) ?? 0) + 1);
      if (line.status === 'done') done.set(key, line);
    } else if (line.kind === 'judge') judged.set(line.task_id, line);
    else discarded.set(line.task_id, line);
  };
  for (const line of records) index(line);
  return {
    file,
    tornLine,
    done: (taskId, arm) => done.get(`${taskId}\0${arm}`),
    attempts: (taskId, arm) => attempts.get(`${taskId}\0${arm}`) ?? 0,
    judged: (taskId) => judged.get(taskId),
    discarded: (taskId) => discarded.get(taskId),
    lines: () => all,
    append(line) {
      const parsed = trackLedgerLineSchema.parse(line);
      log.append(parsed);
      index(parsed);
    },
  };
}
