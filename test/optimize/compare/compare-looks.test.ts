import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { selfCommand } from '../../../src/cli/self-command.js';
import { compareSystems } from '../../../src/optimize/compare/compare.js';
import {
  compareLooksPlan,
  compareLooksSummary,
  comparePrimary,
} from '../../../src/optimize/compare/compare-looks.js';
import { comparePage } from '../../../src/optimize/index.js';
import { compareReportSchema } from '../../../src/report/index.js';
import { sequentialBoundaries } from '../../../src/stats/index.js';
import { tempDir } from '../campaign/helpers.js';

const ROOT = resolve(import.meta.dirname, '../../..');

// The reference server against server-filesystem, offline: on each of the first tasks the stand-in
// policy takes more turns with server-filesystem (it searches file names, then reads), each by the
// same amount, so the first look's z is −∞.
function twoSystems(dir: string): string {
  const file = join(dir, 'two.yaml');
  writeFileSync(
    file,
    [
      'name: two',
      'split: fixture-code/small_test',
      'reference: reference',
      'systems:',
      '  - { name: reference, product: default }',
      `  - { name: server-filesystem, product: ${join(ROOT, 'fixtures/products/filesystem')} }`,
      'relevance: { kind: files }',
      '',
    ].join('\n'),
  );
  return file;
}

test("each system's looks are two-sided at 0.05 shared over the systems, with no futility rule", () => {
  const plan = compareLooksPlan({ looks: 3, tasks: 12, rolloutsUsd: 0, systems: 2 });
  expect(plan.alpha).toBe(0.025);
  expect(plan.tasks_at).toEqual([4, 8, 12]);
  expect(plan.z).toEqual(sequentialBoundaries({ looks: 3, alpha: 0.025 }).z);
  expect(plan.futility).toEqual([null, null, null]);
  // With one system it is the whole 0.05.
  expect(compareLooksPlan({ looks: 2, tasks: 6, rolloutsUsd: 0, systems: 1 }).alpha).toBe(0.05);
  // The primary row has a better direction; a row without one is refused by name.
  expect(comparePrimary('turns').direction).toBe('lower');
  expect(() => comparePrimary('distinct_tools_used')).toThrow(
    expect.objectContaining({ code: 'INVALID_OPTION', message: expect.stringContaining('--primary') }),
  );
  // An infinite z (every task moved by the same amount) is written as JSON writes it, its side shown.
  const summary = compareLooksSummary(
    plan,
    'turns',
    [
      {
        look: 1,
        tasks: 4,
        systems: [{ system: 'b', pairs: 4, z: Number.NEGATIVE_INFINITY, decision: 'harm' }],
      },
    ],
    12,
  );
  expect(summary.observed[0]!.systems[0]!.z).toBeNull();
  expect(summary.line).toBe(
    'stopped at look 1 of 3 after 4 of 12 tasks on turns: b worse than the reference (z = −∞ at look 1); the rows below are tested as a fixed design over the tasks run.',
  );
});

test('more looks than tasks, a primary row without a direction, or one without looks, is refused before any work', async () => {
  using dir = tempDir();
  const common = {
    config: twoSystems(dir.path),
    model: 'offline',
    harness: selfCommand('harness'),
    cacheDir: join(dir.path, 'cache'),
    confirmSpend: true,
  };
  await expect(
    compareSystems({ ...common, out: join(dir.path, 'a'), limit: 2, looks: 3 }),
  ).rejects.toMatchObject({
    code: 'INVALID_OPTION',
    message: expect.stringContaining("Expected the `looks` option to be at most the comparison's 2 tasks"),
  });
  await expect(
    compareSystems({ ...common, out: join(dir.path, 'b'), looks: 2, primary: 'distinct_tools_used' }),
  ).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  // A comparison has no decision rule: a primary row without looks decides nothing, and is refused.
  await expect(
    compareSystems({ ...common, out: join(dir.path, 'c'), primary: 'turns' }),
  ).rejects.toMatchObject({
    code: 'INVALID_OPTION',
    message: expect.stringContaining('given with --looks K > 1'),
  });
  expect(existsSync(join(dir.path, 'c'))).toBe(false);
  expect(existsSync(join(dir.path, 'a'))).toBe(false);
  expect(existsSync(join(dir.path, 'b'))).toBe(false);
});

test('a comparison in looks stops once every system has crossed, runs no more tasks, and reports the looks', async () => {
  using dir = tempDir();
  const out = join(dir.path, 'cmp');
  const lines: string[] = [];
  const result = await compareSystems({
    config: twoSystems(dir.path),
    model: 'offline',
    out,
    harness: selfCommand('harness'),
    cacheDir: join(dir.path, 'cache'),
    confirmSpend: true,
    limit: 4,
    looks: 2,
    primary: 'turns',
    log: (line) => lines.push(line),
  });
  const printed = lines.join('\n');
  // The plan states the looks before anything runs.
  expect(printed).toContain(
    "Looks (--looks 2): after each batch each system's paired z against the reference on turns (the primary row) decides; O'Brien-Fleming-like Lan-DeMets spending, two-sided α = 0.05 per system (0.05 over 1 system, Bonferroni)",
  );
  const bound = sequentialBoundaries({ looks: 2, alpha: 0.05 }).z[0]!;
  expect(lines).toContain(
    `look 1 of 2 after 2 tasks: server-filesystem on turns, z = −∞ (better at >= ${bound.toFixed(3)}, worse at <= ${(-bound).toFixed(3)}): worse than the reference`,
  );
  expect(lines).toContain('stopped early: every system decided; 2 of 4 tasks not run');
  // Only the first look's tasks ran, in both systems.
  const queued = readFileSync(join(out, 'queue.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { arm: string; task_id: string });
  expect(new Set(queued.map((line) => line.task_id)).size).toBe(2);
  const report = compareReportSchema.parse(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')));
  expect(report).toEqual(result.report);
  expect(report.systems.map((system) => [system.name, system.tasks])).toEqual([
    ['reference', 2],
    ['server-filesystem', 2],
  ]);
  expect(report.looks).toEqual({
    looks: 2,
    spending: 'obrien-fleming',
    alpha: 0.05,
    primary: 'turns',
    observed: [
      { look: 1, tasks: 2, systems: [{ system: 'server-filesystem', pairs: 2, z: null, decision: 'harm' }] },
    ],
    line: 'stopped at look 1 of 2 after 2 of 4 tasks on turns: server-filesystem worse than the reference (z = −∞ at look 1); the rows below are tested as a fixed design over the tasks run.',
  });
  const markdown = readFileSync(join(out, 'report.md'), 'utf8');
  expect(markdown).toContain('## Looks');
  expect(markdown).toContain('| 1 | 2 | server-filesystem | 2 | −∞ | harm |');
  const looksFile = JSON.parse(readFileSync(join(out, 'looks.json'), 'utf8'));
  expect(looksFile.observed).toHaveLength(1);
  // The page shows the looks as their own section.
  const looks = comparePage(out).page.sections.find((section) => section.id === 'looks');
  expect(looks?.table?.rows.map((row) => row.cells)).toEqual([[1, 2, 'server-filesystem', 2, '−∞', 'harm']]);
});
