import { AgentTrackError, openJsonlLog } from '../../core/index.js';
import { type LedgerLine, ledgerLineSchema } from './schema.js';

/** The campaign's completion log, opened for resume: what it holds is never run again. */
export interface Ledger {
  readonly file: string;
  /** The line a torn write left (1-based) and that was cut off on open, `null` when none. */
  readonly tornLine: number | null;
  has(arm: string, taskId: string): boolean;
  get(arm: string, taskId: string): LedgerLine | undefined;
  lines(): readonly LedgerLine[];
  /** Appends one finished (arm, task); a second line for the same key is refused. */
  append(line: LedgerLine): void;
}

const keyOf = (arm: string, taskId: string) => `${arm}\0${taskId}`;

/**
 * Opens `ledger.jsonl` (created on first append). A torn last line from a kill is ignored and cut
 * off so the next append starts a fresh line; a repeated (arm, task) in the file is corruption and
 * refused naming both.
 *
 * @example
 * const ledger = openLedger('runs/demo/ledger.jsonl');
 * if (!ledger.has('baseline', 't1')) runRollout();
 */
export function openLedger(file: string): Ledger {
  const log = openJsonlLog(file, ledgerLineSchema, 'ledger');
  const { records, tornLine } = log;
  const byKey = new Map<string, LedgerLine>();
  for (const line of records) {
    const key = keyOf(line.arm, line.task_id);
    if (byKey.has(key)) {
      throw new AgentTrackError(
        'LEDGER_DUPLICATE',
        `The ledger \`${file}\` holds (\`${line.arm}\`, \`${line.task_id}\`) twice`,
        { data: { file, arm: line.arm, task_id: line.task_id } },
      );
    }
    byKey.set(key, line);
  }
  const ordered = [...records];
  return {
    file,
    tornLine,
    has: (arm, taskId) => byKey.has(keyOf(arm, taskId)),
    get: (arm, taskId) => byKey.get(keyOf(arm, taskId)),
    lines: () => ordered,
    append(line) {
      const parsed = ledgerLineSchema.parse(line);
      const key = keyOf(parsed.arm, parsed.task_id);
      if (byKey.has(key)) {
        throw new AgentTrackError(
          'LEDGER_DUPLICATE',
          `The ledger \`${file}\` already holds (\`${parsed.arm}\`, \`${parsed.task_id}\`): a finished rollout is never recorded twice`,
          { data: { file, arm: parsed.arm, task_id: parsed.task_id } },
        );
      }
      log.append(parsed);
      byKey.set(key, parsed);
      ordered.push(parsed);
    },
  };
}
