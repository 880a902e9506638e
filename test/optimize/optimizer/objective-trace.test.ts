import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { ConfirmationEntry } from '../../../src/optimize/optimizer/accept/confirmation-log.js';
import { OBJECTIVE_TRACE_FILE, objectiveTrace } from '../../../src/optimize/optimizer/objective-trace.js';
import { objectiveTraceSchema } from '../../../src/report/objective-schema.js';

function tempDir() {
  const path = mkdtempSync(join(tmpdir(), 'agent-track-objective-'));
  return { path, [Symbol.dispose]: () => rmSync(path, { recursive: true, force: true }) };
}

function entry(fields: Partial<ConfirmationEntry>): ConfirmationEntry {
  return {
    index: 1,
    candidate: 'c1.0',
    parent: 'incumbent',
    hash: 'h1',
    incumbent: 'incumbent',
    incumbent_hash: 'h0',
    slice: 'test',
    test: 'wilcoxon',
    pairs: 20,
    delta: 0.125,
    low: 0.0625,
    high: 0.25,
    pvalue: 0.01,
    alpha: 0.025,
    margin: 0,
    decision: 'accepted',
    reason: 'won',
    ...fields,
  };
}

// Binary-exact numbers, so the shifted intervals compare exactly.
const FIRST = entry({});
const SECOND = entry({
  index: 2,
  candidate: 'c2.1',
  parent: 'c1.0',
  hash: 'h2',
  incumbent: 'c1.0',
  incumbent_hash: 'h1',
  delta: -0.125,
  low: -0.25,
  high: 0,
  pvalue: 0.5,
  decision: 'rejected',
  reason: 'lost',
});

function twoConfirmations() {
  const trace = objectiveTrace();
  trace.confirmation(FIRST, { incumbentMean: 0.5, candidateMean: 0.625, spendUsd: 1.5 });
  // The accepted c1.0 is now the incumbent: its point was drawn already.
  trace.confirmation(SECOND, { incumbentMean: 0.625, candidateMean: 0.5, spendUsd: 3 });
  return trace;
}

test('two confirmations: the incumbent once, each candidate with its interval shifted by the incumbent mean', () => {
  expect(twoConfirmations().points()).toEqual([
    { label: 'incumbent', spend_usd: 1.5, objective: 0.5, low: null, high: null, accepted: true },
    // 0.5 + 0.0625 = 0.5625, 0.5 + 0.25 = 0.75
    { label: 'c1.0', spend_usd: 1.5, objective: 0.625, low: 0.5625, high: 0.75, accepted: true },
    // 0.625 - 0.25 = 0.375, 0.625 + 0 = 0.625
    { label: 'c2.1', spend_usd: 3, objective: 0.5, low: 0.375, high: 0.625, accepted: false },
  ]);
});

test('a rejection leaves the incumbent as it was: a later confirmation against it adds no incumbent point', () => {
  const trace = objectiveTrace();
  const against = (index: number, candidate: string) =>
    entry({ index, candidate, hash: candidate, decision: 'rejected', low: null, high: null, delta: null });
  trace.confirmation(against(1, 'c1.0'), { incumbentMean: 0.5, candidateMean: 0.25, spendUsd: 1 });
  trace.confirmation(against(2, 'c2.0'), { incumbentMean: 0.5, candidateMean: 0.375, spendUsd: 2 });
  expect(trace.points().map((p) => [p.label, p.low, p.high, p.accepted])).toEqual([
    ['incumbent', null, null, true],
    // No interval (no pairs): null bounds.
    ['c1.0', null, null, false],
    ['c2.0', null, null, false],
  ]);
});

test('an unknown incumbent mean draws no incumbent point and leaves the candidate without an interval', () => {
  const trace = objectiveTrace();
  trace.confirmation(FIRST, { incumbentMean: null, candidateMean: 0.625, spendUsd: 1 });
  expect(trace.points()).toEqual([
    { label: 'c1.0', spend_usd: 1, objective: 0.625, low: null, high: null, accepted: true },
  ]);
});

test('write(dir) writes objective.json in the plot format and draws the objective figure', async () => {
  using dir = tempDir();
  const trace = twoConfirmations();
  await trace.write(dir.path);
  const written = JSON.parse(readFileSync(join(dir.path, OBJECTIVE_TRACE_FILE), 'utf8'));
  expect(objectiveTraceSchema.parse(written)).toEqual({ points: trace.points() });
  const svg = readFileSync(join(dir.path, 'plots', 'optimize-objective.svg'), 'utf8');
  expect(svg.startsWith('<svg') || svg.startsWith('<?xml')).toBe(true);
  expect(svg).toContain('c2.1');
});

test('no confirmation (or none with a candidate mean) writes nothing', async () => {
  using dir = tempDir();
  expect(await objectiveTrace().write(dir.path)).toEqual([]);
  const trace = objectiveTrace();
  trace.confirmation(FIRST, { incumbentMean: null, candidateMean: null, spendUsd: 1 });
  expect(await trace.write(dir.path)).toEqual([]);
  expect(readdirSync(dir.path)).toEqual([]);
  expect(existsSync(join(dir.path, 'plots'))).toBe(false);
});
