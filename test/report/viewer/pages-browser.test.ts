import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { optimizePage, trackPage } from '../../../src/optimize/index.js';
import { writeDataPage, writeRungViewer } from '../../../src/report/index.js';
import { browserSkipReason, openBrowser, openPage } from './browser.js';

const root = resolve(import.meta.dirname, '../../..');
const runs = join(root, 'fixtures/runs');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-pages-browser-'));
// Screenshots go to AGENT_TRACK_SCREENSHOTS when set (to look at them), else to the scratch dir.
const shots = process.env.AGENT_TRACK_SCREENSHOTS ?? join(scratch, 'shots');
const pages = {
  rung: join(scratch, 'rung.html'),
  optimize: join(scratch, 'optimize.html'),
  track: join(scratch, 'track.html'),
};

beforeAll(async () => {
  await writeRungViewer(join(runs, 'rung-small/overlays.json'), {
    out: pages.rung,
    compare: join(runs, 'rung-small/base.json'),
  });
  const optimize = optimizePage(join(runs, 'optimize-small'));
  await writeDataPage(pages.optimize, optimize.page, optimize.inputs);
  const track = trackPage(join(runs, 'track-small'));
  await writeDataPage(pages.track, track.page, track.inputs);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const figureWidths = (p: Page) =>
  p.$$eval('.figures img', (imgs) =>
    imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth),
  );
const shown = (p: Page) =>
  p.$$eval('details[data-task]', (items) =>
    items
      .filter((i) => !(i as unknown as { hidden: boolean }).hidden)
      .map((i) => i.getAttribute('data-task')),
  );
const visible = (p: Page, selector: string) => p.isVisible(selector);

describe('the rung, optimize and track pages in headless Chromium', () => {
  test('the rung page: figures drawn, a task opened shows each overlay ranked with gold, the filter narrows', async (ctx) => {
    const skip = browserSkipReason();
    if (skip !== null) ctx.skip(skip);
    await using browser = await openBrowser();
    const p = await browser.newPage();
    const problems = await openPage(p, pages.rung);
    expect((await figureWidths(p)).every((w) => w > 100)).toBe(true);
    expect(await shown(p)).toHaveLength(4);
    expect(await visible(p, 'details[data-task="go-07"] div[data-overlay="graph-expanded"]')).toBe(false);
    await p.click('details[data-task="go-07"] summary');
    expect(await visible(p, 'details[data-task="go-07"] div[data-overlay="graph-expanded"]')).toBe(true);
    expect(
      await p.$$eval(
        'details[data-task="go-07"] div[data-overlay="graph-expanded"] li.gold',
        (l) => l.length,
      ),
    ).toBe(2);
    // The page writes the hash in its `toggle` handler, an event the browser fires a task later.
    await expect.poll(() => new URL(p.url()).hash).toBe('#task=go-07');
    await p.screenshot({ path: join(shots, 'rung.png'), fullPage: true });
    await p.fill('#f-text', 'go-08');
    expect(await shown(p)).toEqual(['go-08']);
    expect(await p.textContent('#f-count')).toBe('showing 1 of 4');
    expect(problems).toEqual([]);
  });

  test('the optimize page: a round opened shows its candidates, the diff and the objective drawn', async (ctx) => {
    const skip = browserSkipReason();
    if (skip !== null) ctx.skip(skip);
    await using browser = await openBrowser();
    const p = await browser.newPage();
    const problems = await openPage(p, pages.optimize);
    expect(await figureWidths(p)).toHaveLength(1);
    expect((await figureWidths(p))[0]).toBeGreaterThan(100);
    expect(await shown(p)).toEqual(['round-1', 'round-2']);
    await p.click('details[data-task="round-1"] summary');
    const rows = await p.$$eval('details[data-task="round-1"] tbody tr', (r) =>
      r.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent)),
    );
    expect(rows.map((r) => [r[0], r[6]])).toEqual([
      ['c1.0', 'screened_out'],
      ['c1.1', 'accepted'],
    ]);
    expect(await p.textContent('#diff .add')).toContain('at most 1 tool call');
    expect(await p.textContent('#confirmations tr[data-key="c1.1"]')).toContain('0.0078');
    await p.screenshot({ path: join(shots, 'optimize.png'), fullPage: true });
    await p.fill('#f-text', 'not_confirmed');
    expect(await shown(p)).toEqual(['round-2']);
    expect(problems).toEqual([]);
  });

  test('the track page: #task= opens a task, both arms side by side, the filter narrows', async (ctx) => {
    const skip = browserSkipReason();
    if (skip !== null) ctx.skip(skip);
    await using browser = await openBrowser();
    const p = await browser.newPage();
    const problems = await openPage(p, pages.track, '#task=t2');
    expect(await figureWidths(p)).toHaveLength(2);
    expect(await visible(p, 'details[data-task="t2"] tr[data-key="cost_usd"]')).toBe(true);
    expect(await visible(p, 'details[data-task="t1"] tr[data-key="cost_usd"]')).toBe(false);
    expect(await p.textContent('details[data-task="t2"] tr[data-key="judge score"]')).toBe('judge score510');
    await p.screenshot({ path: join(shots, 'track.png'), fullPage: true });
    await p.fill('#f-text', 't3');
    expect(await shown(p)).toEqual(['t3']);
    expect(problems).toEqual([]);
  });
});
