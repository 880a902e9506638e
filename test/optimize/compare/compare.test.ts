import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { selfCommand } from '../../../src/cli/self-command.js';
import { compareSystems } from '../../../src/optimize/compare/compare.js';
import { loadCompareConfig } from '../../../src/optimize/compare/compare-config.js';
import { comparePage } from '../../../src/optimize/index.js';
import {
  type CompareReport,
  compareReportSchema,
  findRun,
  readRunLog,
  runIndexPage,
} from '../../../src/report/index.js';
import { tempDir } from '../campaign/helpers.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const CONFIG = join(ROOT, 'configs/compare/filesystem.yaml');

// The fixture tasks whose gold file no glob of the question's words names, so server-filesystem's
// search (file names only) never surfaces it: py-02 asks about "sales tax ... region", the answer
// is shop/pricing.py; so with py-07, py-08, ts-08 and the others of the full dataset (computed by
// hand from the questions and the corpora's file names). The reference server searches contents.
const FILESYSTEM_MISSES = new Set([
  'py-02',
  'py-07',
  'py-08',
  'ts-08',
  'go-04',
  'go-07',
  'go-08',
  'py-01',
  'py-06',
]);

// A comparison is a run like the others: one record per system in the run log (its gold reached,
// and for each other system its paired delta against the reference), a line in the run index that
// says what it found, and a page of its own.
function expectLoggedAndViewable(out: string, log: string, report: CompareReport) {
  const records = readRunLog(log);
  expect(records.map((r) => [r.system, r.config, r.dataset.tasks])).toEqual([
    ['compare', 'reference (default)', 6],
    ['compare', `server-filesystem (${report.systems[1]!.spec})`, 6],
    ['compare', `reference-http (${report.systems[2]!.spec})`, 6],
  ]);
  const gold = (i: number) => records[i]!.metrics.find((m) => m.key === 'needle_reached')?.value;
  expect([gold(0), gold(1), gold(2)]).toEqual([
    report.needle_reached.reference,
    report.needle_reached['server-filesystem'],
    report.needle_reached['reference-http'],
  ]);
  expect(records[0]!.metrics.some((m) => m.key.startsWith('delta '))).toBe(false);
  const needle = report.rows.find((row) => row.key === 'needle_reached')!;
  expect(records[1]!.metrics.find((m) => m.key === 'delta needle_reached')?.value).toBe(
    needle.deltas.find((d) => d.system === 'server-filesystem')!.delta,
  );
  const index = runIndexPage(records, { log, pageDir: out });
  const [row] = index.sections[0]!.table!.rows;
  expect(row!.cells[1]).toBe('compare');
  expect(row!.cells[5]).toMatch(
    /^gold reached: reference 1, server-filesystem 0\.\d+, reference-http 1 \(reference: reference\)$/,
  );
  expect(row!.cells[6]).toBe('$0 (offline stand-in)');
  expect(findRun(out)).toBe('compare');
  const { page, inputs } = comparePage(out);
  expect(page.sections[0]!.table!.rows.map((r) => r.cells[0])).toEqual([
    'reference (reference)',
    'server-filesystem',
    'reference-http',
  ]);
  const metrics = page.sections[1]!.table!;
  expect(metrics.columns.slice(0, 5)).toEqual([
    'metric',
    '',
    'reference',
    'server-filesystem',
    'reference-http',
  ]);
  expect(metrics.rows.find((r) => r.key === 'needle_reached')!.cells.slice(0, 3)).toEqual([
    'needle_reached',
    '↑',
    '1 [1, 1]',
  ]);
  expect(inputs.map((input) => input.kind)).toEqual(['compare']);
}

test('the shipped comparison: reference, server-filesystem and reference over HTTP on the same tasks, offline', async () => {
  using dir = tempDir();
  const out = join(dir.path, 'cmp');
  const lines: string[] = [];
  const result = await compareSystems({
    config: CONFIG,
    model: 'offline',
    out,
    harness: selfCommand('harness'),
    limit: 6,
    cacheDir: join(dir.path, 'cache'),
    confirmSpend: true,
    log: (line) => lines.push(line),
  });
  const report = compareReportSchema.parse(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')));
  expect(report).toEqual(result.report);
  const tasks = readFileSync(join(out, 'queue.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { arm: string; task_id: string })
    .filter((line) => line.arm === 'reference')
    .map((line) => line.task_id);
  const ids = [...new Set(tasks)];
  expect(ids).toHaveLength(6);
  const misses = ids.filter((id) => FILESYSTEM_MISSES.has(id)).length;
  expect(report.systems.map((s) => [s.name, s.tasks, s.failed])).toEqual([
    ['reference', 6, 0],
    ['server-filesystem', 6, 0],
    ['reference-http', 6, 0],
  ]);
  expect(report.needle_reached).toEqual({
    reference: 1,
    'server-filesystem': (6 - misses) / 6,
    'reference-http': 1,
  });
  const needle = report.rows.find((row) => row.key === 'needle_reached')!;
  // McNemar, two-sided: `misses` tasks the reference reached and server-filesystem did not, none the
  // other way: p = min(1, 2 * 0.5^misses); Holm over the 2 comparisons doubles the smaller p.
  const p = Math.min(1, 2 * 0.5 ** misses);
  expect(needle.deltas).toEqual([
    expect.objectContaining({
      system: 'server-filesystem',
      pairs: 6,
      delta: -misses / 6,
      pvalue: p,
      p_holm: Math.min(1, 2 * p),
    }),
    // The same server through Streamable HTTP: the same calls, the same rows, no difference at all.
    expect.objectContaining({
      system: 'reference-http',
      pairs: 6,
      delta: 0,
      pvalue: 1,
      p_holm: 1,
      significant: false,
    }),
  ]);
  // metrics.json: the same numbers, flat, for DVC-style diff tools.
  const metrics = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')) as Record<
    string,
    number | null
  >;
  expect(metrics).toMatchObject({
    'tasks.reference': 6,
    'needle_reached.reference': 1,
    'needle_reached.server-filesystem.delta': -misses / 6,
    'needle_reached.server-filesystem.p': p,
    'needle_reached.server-filesystem.p_holm': Math.min(1, 2 * p),
    'needle_reached.server-filesystem.pairs': 6,
  });
  for (const row of report.rows) {
    const http = row.deltas.find((delta) => delta.system === 'reference-http')!;
    if (http.delta !== null) expect([row.key, http.delta]).toEqual([row.key, 0]);
  }
  // The free rung: each system's own search tool asked each question once, no model.
  expect(report.search_tools).toEqual({
    reference: 'search_codebase',
    'server-filesystem': 'search_files',
    'reference-http': 'search_codebase',
  });
  const rung = report.rows.find((row) => row.key === 'rung.recall@10')!;
  // The glob names a gold file exactly where a rollout's first search did: the rung and the runs agree.
  expect(rung.cells['server-filesystem']!.mean).toBe((6 - misses) / 6);
  expect(rung.cells.reference!.mean).toBe(1);
  expect(report.rows.find((row) => row.key === 'rung.mrr')!.deltas[1]).toMatchObject({
    system: 'reference-http',
    delta: 0,
  });
  // Each system was scored with its own roles: server-filesystem's search is search_files.
  expect(
    JSON.parse(readFileSync(join(out, 'arms/server-filesystem/tool-roles.json'), 'utf8')).search,
  ).toEqual(['search_files']);
  const markdown = readFileSync(join(out, 'report.md'), 'utf8');
  expect(markdown).toContain('offline policy');
  expect(markdown).toContain('| needle_reached | ↑ | 1 [1, 1] |');
  expect(existsSync(join(out, 'plots/compare-systems.svg'))).toBe(true);
  expect(
    lines.some((line) => /^server-filesystem: .* \d[\d,]* tokens of tool descriptions$/.test(line)),
  ).toBe(true);
  expectLoggedAndViewable(out, join(dir.path, 'cache', 'runs.jsonl'), report);
}, 300_000);

test('without --confirm-spend only the plan is written; a bad config is refused by name with its file', async () => {
  using dir = tempDir();
  const out = join(dir.path, 'plan');
  const printed: string[] = [];
  const result = await compareSystems({
    config: CONFIG,
    model: 'offline',
    out,
    harness: selfCommand('harness'),
    limit: 2,
    cacheDir: join(dir.path, 'cache'),
    margins: { turns: 2, distinct_tools_used: 1 },
    log: (line) => printed.push(line),
  });
  expect(result.report).toBeNull();
  // The margins are stated before anything runs, each row's test named by its direction.
  expect(result.plan.margins).toEqual({ turns: 2, distinct_tools_used: 1 });
  expect(printed.join('\n')).toContain(
    'Margins, each system its own line, Holm-adjusted across the systems: turns no worse than the reference by 2 (non-inferiority, one-sided paired t at the margin); distinct_tools_used within ±1 of the reference (equivalence, two one-sided paired t-tests)',
  );
  expect(printed.join('\n')).toContain('byte-identical for all 3 arms');
  // A comparison has no decision rule: its plan says how each system is tested instead.
  expect(printed.join('\n')).not.toContain('Decision rule');
  expect(printed.join('\n')).toContain(
    'Comparison: each system against the reference `reference`, every metric tested two-sided and paired by task',
  );
  expect(result.plan.comparison).toEqual({ reference: 'reference' });
  expect(printed.at(-1)).toMatch(/^plan only: nothing ran, nothing was spent/);
  expect(result.plan.arms.map((arm) => arm.arm)).toEqual([
    'reference',
    'server-filesystem',
    'reference-http',
  ]);
  expect(existsSync(join(out, 'plan.json'))).toBe(true);
  expect(existsSync(join(out, 'arms'))).toBe(false);

  const bad = join(dir.path, 'bad.yaml');
  writeFileSync(
    bad,
    'name: x\nsplit: fixture-code/small_test\nreference: ref\nsystems:\n  - { name: a, product: default }\n  - { name: a, url: "http://127.0.0.1:1/mcp", prodct: x }\n',
  );
  expect(() => loadCompareConfig(bad)).toThrow(
    expect.objectContaining({
      code: 'COMPARE_CONFIG_INVALID',
      message: expect.stringMatching(
        new RegExp(`^The comparison config \`${bad}\` is refused: unknown key \`systems\\.1\\.prodct\``),
      ),
    }),
  );
  writeFileSync(
    bad,
    'name: x\nsplit: fixture-code/small_test\nreference: ref\nsystems:\n  - { name: a, product: default }\n  - { name: a, url: "http://127.0.0.1:1/mcp" }\n',
  );
  expect(() => loadCompareConfig(bad)).toThrow(/two systems are named `a`.*`ref` is not one of the systems/);
  writeFileSync(
    bad,
    'name: x\nsplit: s/t\nreference: a\nsystems:\n  - { name: a, product: default, package: "p@1.0.0" }\n  - { name: b, product: default, transport: http }\n',
  );
  expect(() => loadCompareConfig(bad)).toThrow(
    'a system is exactly one of `product`, `repo` (with `commit`), `package` or `url`; `a` gives `product` and `package`',
  );
  // Margins in the config: read as given; one over a row a comparison does not have, or not above 0, refused by key.
  const systems =
    'systems:\n  - { name: a, product: default }\n  - { name: b, product: default, transport: http }\n';
  writeFileSync(bad, `name: x\nsplit: s/t\nreference: a\n${systems}margins: { turns: 2, rung.mrr: 0.1 }\n`);
  expect(loadCompareConfig(bad).margins).toEqual({ turns: 2, 'rung.mrr': 0.1 });
  writeFileSync(
    bad,
    `name: x\nsplit: s/t\nreference: a\n${systems}margins: { estimated_usd: 1, turns: 0 }\n`,
  );
  expect(() => loadCompareConfig(bad)).toThrow(
    expect.objectContaining({
      code: 'COMPARE_CONFIG_INVALID',
      message: expect.stringMatching(
        /`margins\.estimated_usd`.*METRIC one of the report's rows.*`margins\.turns`.*VALUE a number above 0/,
      ),
    }),
  );
}, 120_000);
