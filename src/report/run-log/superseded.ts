import type { RunRecord } from './run-record-schema.js';

/**
 * The file a run's records were reported in (its report, result or saved run): a run's records
 * share it, and a record that names none is its own run.
 */
export function runKey(record: RunRecord): string {
  const a = record.artifacts;
  return a.report_json ?? a.result ?? a.run ?? a.report ?? record.id;
}

/**
 * Records a later record of the log replaced: the same system and config reported into the same
 * file again, as a run stopped (a ceiling, an outage, an interrupt) and then resumed logs itself
 * twice, the second time with the finished report. Maps each replaced record's id to the record
 * that replaced it (the last one).
 *
 * @example
 * supersededBy(readRunLog(log)).get(stopped.id)?.id; // the resumed run's record
 */
export function supersededBy(records: readonly RunRecord[]): Map<string, RunRecord> {
  const latest = new Map<string, RunRecord>();
  const same = (record: RunRecord) => JSON.stringify([record.system, record.config, runKey(record)]);
  for (const record of records) latest.set(same(record), record);
  const replaced = new Map<string, RunRecord>();
  for (const record of records) {
    const last = latest.get(same(record))!;
    if (last !== record) replaced.set(record.id, last);
  }
  return replaced;
}
