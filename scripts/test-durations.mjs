#!/usr/bin/env node
// Writes test/setup/durations.json from a vitest JSON report (`.ci/run` leaves one in
// test-results/vitest.json): each test file that took 3 s or more, in whole seconds, slowest
// first. The suite's sequencer (test/setup/slowest-first.ts) starts these files first, so on a
// fresh clone (no vitest cache) the longest file does not start last and leave a core idle.
// Run: node scripts/test-durations.mjs [test-results/vitest.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const report = JSON.parse(readFileSync(process.argv[2] ?? 'test-results/vitest.json', 'utf8'));
const seconds = Object.fromEntries(
  report.testResults
    .map((result) => [
      relative(root, result.name).replace(/^.*?(?=test\/)/, ''),
      Math.round((result.endTime - result.startTime) / 1000),
    ])
    .filter(([, took]) => took >= 3)
    .sort((a, b) => b[1] - a[1]),
);
writeFileSync(resolve(root, 'test/setup/durations.json'), `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`${Object.keys(seconds).length} files of 3 s or more`);
