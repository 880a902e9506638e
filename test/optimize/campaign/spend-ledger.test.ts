import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openSpendLedger } from '../../../src/optimize/campaign/spend/spend-ledger.js';

/** A fresh `spend.jsonl` path in a temp directory removed on dispose. */
function ledgerFile() {
  const dir = mkdtempSync(join(tmpdir(), 'agent-track-spend-'));
  return {
    file: join(dir, 'spend.jsonl'),
    [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const lines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l))
    : [];

/** The code of the error `fn` throws (fails the test when it does not throw). */
function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error('expected a throw');
}

test.each([
  // 0.5 + 0.4 = 0.9 <= 1
  ['under the ceiling', 0.4, true],
  // 0.5 + 0.5 = 1.0: exactly at the ceiling is allowed
  ['exactly at the ceiling', 0.5, true],
  // 0.5 + 0.5000001 = 1.0000001 > 1 + 1e-9
  ['over the ceiling by a hair', 0.5000001, false],
])('reserve %s', (_, usd, allowed) => {
  using t = ledgerFile();
  const ledger = openSpendLedger(t.file, { ceilingUsd: 1 });
  ledger.reserve('rollout', 'a', 1, 0.5);
  if (allowed) {
    expect(ledger.reserve('proposer', 'b', 1, usd)).toBe('b');
    expect(ledger.spentUsd()).toBeCloseTo(0.5 + usd, 12);
    expect(lines(t.file)).toHaveLength(2);
  } else {
    expect(codeOf(() => ledger.reserve('proposer', 'b', 1, usd))).toBe('BUDGET_EXHAUSTED');
    // Nothing written, nothing counted.
    expect(lines(t.file)).toEqual([{ type: 'reserve', kind: 'rollout', key: 'a', calls: 1, usd: 0.5 }]);
    expect(ledger.spentUsd()).toBe(0.5);
    expect(ledger.calls('proposer')).toBe(0);
  }
});

test('float sums landing on the ceiling are not refused', () => {
  using t = ledgerFile();
  const ledger = openSpendLedger(t.file, { ceilingUsd: 0.3 });
  ledger.reserve('judge', 'a', 1, 0.1);
  ledger.reserve('judge', 'b', 1, 0.1);
  // 0.1 + 0.1 + 0.1 = 0.30000000000000004 in floats: within the epsilon.
  expect(ledger.reserve('judge', 'c', 1, 0.1)).toBe('c');
  expect(codeOf(() => ledger.reserve('judge', 'd', 1, 0.001))).toBe('BUDGET_EXHAUSTED');
});

test.each([
  ['below the reservation', 0.25, 0.25],
  // Above the worst case counts whole.
  ['above the reservation', 0.75, 0.75],
])('settle %s replaces it', (_, settled, spent) => {
  using t = ledgerFile();
  const ledger = openSpendLedger(t.file, { ceilingUsd: 10 });
  const key = ledger.reserve('proposer', 'p', 1, 0.5);
  ledger.settle(key, settled);
  expect(ledger.spentUsd()).toBe(spent);
  expect(ledger.bookings()).toEqual([{ kind: 'proposer', key: 'p', usd: settled }]);
  expect(lines(t.file)[1]).toEqual({ type: 'settle', key: 'p', usd: settled });
});

test('a settlement above the worst case makes the next reservation refuse sooner', () => {
  using t = ledgerFile();
  const ledger = openSpendLedger(t.file, { ceilingUsd: 1 });
  ledger.settle(ledger.reserve('rollout', 'a', 1, 0.4), 0.7);
  // 0.7 + 0.4 = 1.1 > 1, though the reservations alone (0.8) would fit.
  expect(codeOf(() => ledger.reserve('rollout', 'b', 1, 0.4))).toBe('BUDGET_EXHAUSTED');
  expect(ledger.reserve('rollout', 'b', 1, 0.3)).toBe('b');
});

test('a reservation never settled counts at its worst case', () => {
  using t = ledgerFile();
  const ledger = openSpendLedger(t.file, { ceilingUsd: 10 });
  ledger.settle(ledger.reserve('rollout', 'a', 1, 0.078), 0.02);
  ledger.reserve('rollout', 'b', 1, 0.078);
  // 0.02 settled + 0.078 still reserved
  expect(ledger.spentUsd()).toBeCloseTo(0.098, 12);
  expect(ledger.bookings()).toEqual([
    { kind: 'rollout', key: 'a', usd: 0.02 },
    { kind: 'rollout', key: 'b', usd: 0.078 },
  ]);
});

test('reopening the file (a resume) restores spent, calls and bookings', () => {
  using t = ledgerFile();
  const first = openSpendLedger(t.file, { ceilingUsd: 1 });
  first.settle(first.reserve('rollout', 'r1', 3, 0.3), 0.1);
  first.reserve('proposer', 'p1', 1, 0.2);
  first.settle(first.reserve('judge', 'j1', 1, 0.05), 0.01);

  const resumed = openSpendLedger(t.file, { ceilingUsd: 1 });
  // 0.1 + 0.2 (never settled) + 0.01
  expect(resumed.spentUsd()).toBeCloseTo(0.31, 12);
  expect([resumed.calls('rollout'), resumed.calls('proposer'), resumed.calls('judge')]).toEqual([3, 1, 1]);
  expect(resumed.bookings()).toEqual(first.bookings());
  // The resumed ceiling counts what the first run spent: 0.31 + 0.7 = 1.01 > 1.
  expect(codeOf(() => resumed.reserve('rollout', 'r2', 1, 0.7))).toBe('BUDGET_EXHAUSTED');
  // A key of the first run is still known, and can be settled after the resume.
  resumed.settle('p1', 0.05);
  expect(resumed.spentUsd()).toBeCloseTo(0.16, 12);
});

test('a key booked twice becomes key#2, then key#3, across a resume too', () => {
  using t = ledgerFile();
  const ledger = openSpendLedger(t.file, { ceilingUsd: 10 });
  expect(ledger.reserve('proposer', 'proposer/r1/0', 1, 0.1)).toBe('proposer/r1/0');
  expect(ledger.reserve('proposer', 'proposer/r1/0', 1, 0.2)).toBe('proposer/r1/0#2');
  const resumed = openSpendLedger(t.file, { ceilingUsd: 10 });
  expect(resumed.reserve('proposer', 'proposer/r1/0', 1, 0.3)).toBe('proposer/r1/0#3');
  // Each is settled on its own.
  resumed.settle('proposer/r1/0#2', 0);
  // 0.1 + 0 + 0.3
  expect(resumed.spentUsd()).toBeCloseTo(0.4, 12);
  expect(resumed.calls('proposer')).toBe(3);
});

test('a torn last line (a kill mid-append) is cut off on open, and appending goes on cleanly', () => {
  using t = ledgerFile();
  const ledger = openSpendLedger(t.file, { ceilingUsd: 10 });
  ledger.reserve('rollout', 'a', 1, 0.5);
  appendFileSync(t.file, '{"type":"reserve","kind":"rollout","key":"b","ca');
  const resumed = openSpendLedger(t.file, { ceilingUsd: 10 });
  expect(resumed.spentUsd()).toBe(0.5);
  expect(readFileSync(t.file, 'utf8')).toBe(
    '{"type":"reserve","kind":"rollout","key":"a","calls":1,"usd":0.5}\n',
  );
  // The torn booking was never made: its key is free again.
  expect(resumed.reserve('rollout', 'b', 1, 0.25)).toBe('b');
  expect(openSpendLedger(t.file, { ceilingUsd: 10 }).spentUsd()).toBe(0.75);
});

test('a whole last record that only lacks its newline is kept', () => {
  using t = ledgerFile();
  openSpendLedger(t.file, { ceilingUsd: 10 }).reserve('rollout', 'a', 1, 0.5);
  appendFileSync(t.file, '{"type":"settle","key":"a","usd":0.125}');
  const resumed = openSpendLedger(t.file, { ceilingUsd: 10 });
  expect(resumed.spentUsd()).toBe(0.125);
  resumed.reserve('judge', 'j', 1, 0.5);
  expect(lines(t.file)).toHaveLength(3);
});

test.each([
  ['a negative price', -0.01],
  ['NaN', Number.NaN],
  ['infinity', Number.POSITIVE_INFINITY],
])('reserve refuses %s with PRICE_UNKNOWN and writes nothing', (_, usd) => {
  using t = ledgerFile();
  const ledger = openSpendLedger(t.file, { ceilingUsd: 10 });
  expect(codeOf(() => ledger.reserve('proposer', 'p', 1, usd))).toBe('PRICE_UNKNOWN');
  expect(existsSync(t.file)).toBe(false);
  expect(ledger.spentUsd()).toBe(0);
});

test('settling a key never reserved is refused and writes nothing', () => {
  using t = ledgerFile();
  const ledger = openSpendLedger(t.file, { ceilingUsd: 10 });
  ledger.reserve('rollout', 'a', 1, 0.5);
  expect(codeOf(() => ledger.settle('b', 0.1))).toBe('SPEND_KEY_UNKNOWN');
  expect(lines(t.file)).toHaveLength(1);
});

test.each([
  ['a negative cost', -0.01],
  ['NaN (usage with a missing token count)', Number.NaN],
])('settle refuses %s: the ceiling and the file stay sound', (_, usd) => {
  using t = ledgerFile();
  const ledger = openSpendLedger(t.file, { ceilingUsd: 1 });
  ledger.reserve('rollout', 'a', 1, 0.5);
  expect(codeOf(() => ledger.settle('a', usd))).toBe('PRICE_UNKNOWN');
  // The worst case stands, the ceiling still refuses, and the file still opens.
  expect(ledger.spentUsd()).toBe(0.5);
  expect(codeOf(() => ledger.reserve('rollout', 'b', 1, 0.6))).toBe('BUDGET_EXHAUSTED');
  expect(openSpendLedger(t.file, { ceilingUsd: 1 }).spentUsd()).toBe(0.5);
});
