import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openLedger } from '../../../src/optimize/campaign/ledger.js';
import { openQueue } from '../../../src/optimize/campaign/queue.js';
import type { LedgerLine } from '../../../src/optimize/campaign/schema.js';
import { tempDir } from './helpers.js';

const line = (arm: string, task: string): LedgerLine => ({
  arm,
  task_id: task,
  commit: 'a'.repeat(40),
  outcome: 'answered',
  attempts: 1,
  booked_usd: 0.1,
  duration_ms: 10,
  finished_at: '2025-01-01T00:00:00.000Z',
  trajectory: `arms/${arm}/tasks/${task}`,
});

describe('ledger', () => {
  test('appends one line per finished (arm, task) and refuses a second', () => {
    using dir = tempDir();
    const file = join(dir.path, 'ledger.jsonl');
    const ledger = openLedger(file);
    ledger.append(line('baseline', 't1'));
    ledger.append(line('candidate', 't1'));
    expect(() => ledger.append(line('baseline', 't1'))).toThrow(
      expect.objectContaining({ code: 'LEDGER_DUPLICATE' }),
    );
    const again = openLedger(file);
    expect(again.has('baseline', 't1')).toBe(true);
    expect(again.has('baseline', 't2')).toBe(false);
    expect(again.lines()).toHaveLength(2);
  });

  test('a torn last line from a kill is ignored and cut, so the next append starts clean', () => {
    using dir = tempDir();
    const file = join(dir.path, 'ledger.jsonl');
    openLedger(file).append(line('baseline', 't1'));
    appendFileSync(file, JSON.stringify(line('baseline', 't2')).slice(0, 40));
    const ledger = openLedger(file);
    expect(ledger.tornLine).toBe(2);
    expect(ledger.has('baseline', 't2')).toBe(false);
    ledger.append(line('baseline', 't2'));
    expect(
      openLedger(file)
        .lines()
        .map((l) => l.task_id),
    ).toEqual(['t1', 't2']);
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(3);
  });

  test('a whole record that only lost its newline is kept', () => {
    using dir = tempDir();
    const file = join(dir.path, 'ledger.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify(line('baseline', 't1'))}\n${JSON.stringify(line('baseline', 't2'))}`,
    );
    const ledger = openLedger(file);
    expect(ledger.tornLine).toBeNull();
    ledger.append(line('baseline', 't3'));
    expect(
      openLedger(file)
        .lines()
        .map((l) => l.task_id),
    ).toEqual(['t1', 't2', 't3']);
  });

  test('a bad line in the middle is corruption, refused naming file:line and key', () => {
    using dir = tempDir();
    const file = join(dir.path, 'ledger.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ ...line('baseline', 't1'), extra: 1 })}\n${JSON.stringify(line('baseline', 't2'))}\n`,
    );
    expect(() => openLedger(file)).toThrow(
      `Line 1 of the ledger \`${file}\` fails the ledger schema at \`extra\``,
    );
  });
});

describe('queue', () => {
  test('snapshots per (arm, task): attempts, status, exception, dollars booked across attempts', () => {
    using dir = tempDir();
    const file = join(dir.path, 'queue.jsonl');
    const queue = openQueue(file);
    queue.update('baseline', 't1', { status: 'running', attempts: 1, addUsd: 0.25 });
    queue.update('baseline', 't1', { status: 'failed', exception: { type: 'TypeError', message: 'boom' } });
    queue.update('baseline', 't1', { status: 'running', attempts: 2, addUsd: 0.25 });
    queue.update('baseline', 't1', { status: 'excluded', exception: { type: 'TypeError', message: 'boom' } });
    queue.update('candidate', 't1', { status: 'running', attempts: 1, addUsd: 0.5 });
    appendFileSync(file, '{"arm":"candidate","task_id":"t1","sta');
    const again = openQueue(file);
    expect(again.tornLine).toBe(6);
    expect(again.state('baseline', 't1')).toMatchObject({
      status: 'excluded',
      attempts: 2,
      booked_usd: 0.5,
      exception: { type: 'TypeError', message: 'boom' },
    });
    expect(again.state('candidate', 't1')).toMatchObject({ status: 'running', attempts: 1 });
    expect(again.states().reduce((sum, line) => sum + line.booked_usd, 0)).toBe(1);
  });
});
