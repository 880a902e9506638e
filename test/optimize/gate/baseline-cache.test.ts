import { existsSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type BaselineKeyParts,
  baselineKey,
  restoreBaseline,
  saveBaseline,
} from '../../../src/optimize/gate/baseline-cache.js';
import { gateStatus, type Report } from '../../../src/report/index.js';

const parts: BaselineKeyParts = {
  base: 'a'.repeat(40),
  split: 'fixture-code/small_test',
  tasks: 'f'.repeat(64),
  model: 'offline',
  llm_block: null,
  stand_in: null,
  config: null,
  workspace: null,
  repeats: 1,
  turn_budget: null,
  agent_track: '0.1.0',
};

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'agent-track-gate-cache-'));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

// A campaign directory whose baseline harness finished `ok` tasks and failed one.
function campaign(name: string, ok: string[]): string {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'arms', 'baseline', 'tasks'), { recursive: true });
  mkdirSync(join(dir, 'blobs'), { recursive: true });
  writeFileSync(join(dir, 'blobs', 'ab12'), 'blob');
  const lines = [
    ...ok.map((id) => ({ task_id: id, outcome: 'answered' })),
    { task_id: 'x', status: 'failed' },
  ];
  writeFileSync(
    join(dir, 'arms', 'baseline', 'ledger.jsonl'),
    lines.map((l) => `${JSON.stringify(l)}\n`).join(''),
  );
  return dir;
}

describe('the gate baseline cache', () => {
  it('the key changes with anything that shapes the baseline', () => {
    const key = baselineKey(parts);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    for (const change of [
      { base: 'b'.repeat(40) },
      { model: 'gpt' },
      { repeats: 3 },
      { stand_in: { seed: 2 } },
    ]) {
      expect(baselineKey({ ...parts, ...change })).not.toBe(key);
    }
    expect(baselineKey({ ...parts })).toBe(key);
  });

  it('keeps a finished baseline and restores it into a new campaign (blobs linked as a campaign links them)', () => {
    const entry = join(scratch, 'cache', baselineKey(parts));
    expect(saveBaseline(entry, parts, campaign('run1', ['t1', 't2']))).toBe(2);
    // No more finished rollouts than the entry holds: the entry is left as it is.
    expect(saveBaseline(entry, parts, campaign('run1b', ['t1']))).toBe(0);
    const fresh = join(scratch, 'run2');
    mkdirSync(fresh);
    expect(restoreBaseline(entry, parts, fresh)).toBe(2);
    expect(existsSync(join(fresh, 'blobs', 'ab12'))).toBe(true);
    expect(readlinkSync(join(fresh, 'arms', 'baseline', 'blobs'))).toBe(join('..', '..', 'blobs'));
  });

  it('never restores from another configuration, nor into a campaign that has a plan or a baseline', () => {
    const entry = join(scratch, 'cache', 'e');
    saveBaseline(entry, parts, campaign('run1', ['t1']));
    const fresh = join(scratch, 'run2');
    mkdirSync(fresh);
    expect(restoreBaseline(entry, { ...parts, model: 'other' }, fresh)).toBe(0);
    expect(existsSync(join(fresh, 'arms'))).toBe(false);
    writeFileSync(join(fresh, 'plan.json'), '{}');
    expect(restoreBaseline(entry, parts, fresh)).toBe(0);
    expect(restoreBaseline(entry, parts, campaign('run3', ['t9']))).toBe(0);
  });
});

describe('gateStatus', () => {
  const report = (outcome: string) => ({ verdict: { outcome } }) as unknown as Report;
  it('a stopped run is incomplete whatever its verdict; fails is a regression; inconclusive too few pairs', () => {
    expect(gateStatus(report('fails'), 'ceiling')).toBe('incomplete');
    expect(gateStatus(report('fails'), null)).toBe('regression');
    expect(gateStatus(report('inconclusive'), null)).toBe('too_few_pairs');
    expect(gateStatus(report('succeeds'), null)).toBe('pass');
    expect(gateStatus(report('no_change'), null)).toBe('pass');
  });
});
