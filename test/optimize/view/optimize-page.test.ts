import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { optimizePage } from '../../../src/optimize/index.js';
import { writeDataPage } from '../../../src/report/index.js';
import { cli } from '../../cli/run-cli.js';

const root = resolve(import.meta.dirname, '../../..');
const run = join(root, 'fixtures/runs/optimize-small');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-optimize-page-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The text of the element `<tag ...>...</tag>` holding `marker` (the first one). */
function element(html: string, tag: string, marker: string): string {
  const at = html.indexOf(marker);
  const start = html.lastIndexOf(`<${tag}`, at);
  return html.slice(start, html.indexOf(`</${tag}>`, at) + tag.length + 3);
}

describe('optimizePage', () => {
  test('rounds, candidates with scores and costs, the confirmation with its p-value, the diff, objective over spend', async () => {
    const { page, inputs } = optimizePage(run);
    expect(page.sections.map((s) => s.id)).toEqual([
      'summary',
      'rounds',
      'confirmations',
      'diff',
      'objective',
    ]);
    expect(inputs.map((i) => i.kind)).toEqual(['objective']);
    const out = join(scratch, 'optimize.html');
    const written = await writeDataPage(out, page, inputs);
    expect(written).toMatchObject({ file: out, tasks: 2, figures: ['optimize-objective'] });
    const html = readFileSync(out, 'utf8');
    expect(html).not.toMatch(/(src|href)="(https?:|\/\/)/);
    // Round 1: c1.0 screened out at 0.900 on 4 tasks; c1.1 1 on 4 then 7 tasks, +0.100 on the search slice, accepted.
    const round1 = element(html, 'details', 'data-task="round-1"');
    expect(round1).toContain('round 1: 2 candidate(s), accepted c1.1');
    expect(element(round1, 'tr', 'data-key="c1.0"')).toBe(
      '<tr data-key="c1.0"><td>c1.0</td><td>incumbent</td><td>reflective</td><td>pass</td><td>4: 0.900</td><td class="empty">–</td><td>screened_out</td><td>$0.0000</td></tr>',
    );
    expect(element(round1, 'tr', 'data-key="c1.1"')).toContain(
      '<td>4: 1, 7: 1</td><td>0.100</td><td>accepted</td>',
    );
    expect(element(html, 'details', 'data-task="round-2"')).toContain(
      'round 2: 2 candidate(s), none accepted',
    );
    // The held-out confirmation: 7 pairs, delta 0.100, p 0.0078 (Wilcoxon) against alpha 0.0125.
    const confirmation = element(element(html, 'section', 'id="confirmations"'), 'tr', 'data-key="c1.1"');
    expect(confirmation).toContain(
      '<td>wilcoxon</td><td>7</td><td>0.100 [0.100, 0.100]</td><td>0.0078</td><td>0.0125</td>',
    );
    expect(confirmation).toContain('<td>accepted</td>');
    const diff = element(html, 'section', 'id="diff"');
    expect(diff).toContain(
      '<span class="add">+    calling them is usually the fastest way to read what was found. Use it when',
    );
    expect(diff).toContain(
      '<span class="del">-    calling them is usually the fastest way to read what was found.</span>',
    );
    const objective = element(html, 'section', 'id="objective"');
    expect(objective).toContain('<img alt="optimize-objective"');
    expect(element(objective, 'tr', 'data-key="incumbent"')).toContain(
      '<td>$0.0000</td><td>0.900</td><td>yes</td>',
    );
    expect(element(objective, 'tr', 'data-key="c1.1"')).toContain('<td>1 [1, 1]</td><td>yes</td>');
  });

  test('the CLI writes it to <run>/report.html or --out', async () => {
    const out = join(scratch, 'cli.html');
    const { code, stdout, stderr } = await cli('view', run, '--out', out);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^wrote .*cli\.html \(\d+ KiB: optimize run, 2 rounds, 1 figures\)\n$/);
  });
});
