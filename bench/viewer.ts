/**
 * The HTML viewer at scale: writes a synthetic 300-task two-arm before-after run
 * (bench/before-after-run.ts), builds its page with writeViewer, and opens it in Debian's headless
 * Chromium (playwright-core) to read the page's own performance timing: first paint, first
 * contentful paint, DOMContentLoaded, load, and the time to expand one task and one whole result.
 * Run by hand: `npx tsx bench/viewer.ts [TASKS] [RUNS]` (default 300 tasks, 5 page loads).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeViewer } from '../src/report/index.js';
import { openBrowser } from '../test/report/viewer/browser.js';
import { writeBeforeAfterRun } from './before-after-run.js';

const tasks = Number(process.argv[2] ?? 300);
const loads = Number(process.argv[3] ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'agent-track-bench-viewer-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  let t0 = performance.now();
  await writeBeforeAfterRun(join(dir, 'run'), { tasks, seed: 1 });
  console.log(`wrote a ${tasks}-task two-arm run in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  const written = await writeViewer(join(dir, 'run'), { out: join(dir, 'report.html') });
  const built = performance.now() - t0;
  console.log(
    `page: ${(written.bytes / 2 ** 20).toFixed(2)} MiB (${written.tasks} tasks, ${written.blobs} whole results embedded) built in ${(built / 1000).toFixed(2)} s`,
  );
  await using browser = await openBrowser();
  const rows: Record<string, number[]> = {
    fp: [],
    fcp: [],
    dcl: [],
    load: [],
    ready: [],
    open: [],
    full: [],
  };
  for (let i = 0; i < loads; i++) {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(written.file).href, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]');
    // A string, evaluated in the page: this project type-checks without the DOM lib.
    const timing = (await page.evaluate(`(() => {
      const paint = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
      const nav = performance.getEntriesByType('navigation')[0];
      return { fp: paint['first-paint'], fcp: paint['first-contentful-paint'], dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd };
    })()`)) as Record<'fp' | 'fcp' | 'dcl' | 'load', number>;
    for (const key of ['fp', 'fcp', 'dcl', 'load'] as const) rows[key]!.push(timing[key]);
    const task = page.locator('tr.task').nth(tasks - 1);
    let s = performance.now();
    await task.click();
    await page.waitForSelector('tr.detail-row[data-ready="true"]');
    rows.open!.push(performance.now() - s);
    s = performance.now();
    await page.locator('tr.detail-row .full-button').first().click();
    await page.waitForSelector('tr.detail-row pre.full');
    rows.full!.push(performance.now() - s);
    await page.close();
  }
  const label = {
    fp: 'first paint',
    fcp: 'first contentful paint',
    dcl: 'DOMContentLoaded',
    load: 'load',
    open: 'expand a task (click to rendered)',
    full: 'expand a whole result',
  };
  for (const [key, name] of Object.entries(label)) {
    console.log(
      `${name.padEnd(36)} median ${median(rows[key]!).toFixed(0).padStart(5)} ms   (${rows[key]!.map((x) => x.toFixed(0)).join(', ')})`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
