import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { trackPage } from '../../../src/optimize/index.js';
import { writeDataPage } from '../../../src/report/index.js';
import { cli } from '../../cli/run-cli.js';

const root = resolve(import.meta.dirname, '../../..');
const run = join(root, 'fixtures/runs/track-small');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-track-page-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The text of the element `<tag ...>...</tag>` holding `marker` (the first one). */
function element(html: string, tag: string, marker: string): string {
  const at = html.indexOf(marker);
  const start = html.lastIndexOf(`<${tag}`, at);
  return html.slice(start, html.indexOf(`</${tag}>`, at) + tag.length + 3);
}

describe('trackPage', () => {
  test('the verdict, the quality row, every efficiency row, each task with both arms side by side', async () => {
    const { page, inputs } = trackPage(run);
    expect(page.sections.map((s) => s.id)).toEqual(['summary', 'quality', 'efficiency', 'tasks']);
    const out = join(scratch, 'track.html');
    const written = await writeDataPage(out, page, inputs);
    expect(written).toMatchObject({
      file: out,
      tasks: 3,
      figures: ['before-after-deltas', 'before-after-outcomes'],
    });
    const html = readFileSync(out, 'utf8');
    expect(html).not.toMatch(/(src|href)="(https?:|\/\/)/);
    expect(element(html, 'section', 'id="summary"')).toContain('Inconclusive: 3 judged pair(s)');
    // The judge: bare 8.333 (5, 10, 10), with-server 10 over 3 pairs, delta 1.667, p 0.5.
    expect(element(html, 'tr', 'data-key="judge.score"')).toBe(
      '<tr data-key="judge.score"><td>judge.score</td><td>8.333 (n=3)</td><td>10 (n=3)</td><td>3</td><td>1.667 [0, 5]</td><td>0.5000 wilcoxon</td></tr>',
    );
    const efficiency = element(html, 'section', 'id="efficiency"');
    expect(efficiency).toContain('data-key="agent.cost_usd"');
    expect(efficiency).toContain('data-key="needless_call_rate"');
    const t2 = element(html, 'details', 'data-task="t2"');
    expect(t2).toContain('<summary>t2: paired, judge 5 vs 10, not at parity</summary>');
    expect(element(t2, 'tr', 'data-key="cost_usd"')).toBe(
      '<tr data-key="cost_usd"><td>cost_usd</td><td>$0.0117</td><td>$0.0102</td></tr>',
    );
    expect(element(t2, 'tr', 'data-key="tool_calls"')).toContain('<td>4</td><td>2</td>');
  });

  test('the CLI writes it', async () => {
    const out = join(scratch, 'cli.html');
    const { code, stdout, stderr } = await cli('view', run, '--out', out);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^wrote .*cli\.html \(\d+ KiB: track run, 3 tasks, 2 figures\)\n$/);
  });
});
