import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOSTILE_TASK, HOSTILE_TEXT } from '../../../bench/before-after-run.js';
import { reportSchema, writeViewer } from '../../../src/report/index.js';
import {
  computeMetrics,
  goldCalls,
  needlessCalls,
  readTrajectory,
  type Trajectory,
} from '../../../src/trajectory/index.js';
import { browserSkipReason, openBrowser, openPage } from './browser.js';

const root = resolve(import.meta.dirname, '../../..');
const run = join(root, 'fixtures/runs/viewer-small');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-viewer-browser-'));
// Screenshots go to AGENT_TRACK_SCREENSHOTS when set (to look at them), else to the scratch dir.
const shots = process.env.AGENT_TRACK_SCREENSHOTS ?? join(scratch, 'shots');
const page = join(scratch, 'report.html');
const report = reportSchema.parse(JSON.parse(readFileSync(join(run, 'report.json'), 'utf8')));
const gold = (id: string) =>
  JSON.parse(readFileSync(join(run, 'inputs', `${encodeURIComponent(id)}.jsonl`), 'utf8'));
const trajectory = (arm: string, id: string) =>
  readTrajectory(join(run, 'arms', arm, 'tasks', encodeURIComponent(id)));

beforeAll(async () => {
  await writeViewer(run, { out: page });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What the DOM lib would call an element's `dataset` (this project type-checks without the DOM lib). */
interface Dataset {
  dataset: Record<string, string | undefined>;
}

interface ShownCall {
  seq: number;
  tool: string;
  args: string;
  needless: string[];
  gold: boolean;
}

function shownCalls(p: Page, arm: string): Promise<ShownCall[]> {
  return p.$$eval(`tr.detail-row .arm[data-arm="${arm}"] .call`, (calls) =>
    calls.map((call) => ({
      seq: Number((call as unknown as Dataset).dataset.seq),
      tool: call.querySelector('.tool')!.textContent!,
      args: call.querySelector('pre.args')!.textContent!,
      needless: [...call.querySelectorAll('.badge.needless')].map((b) => b.textContent!),
      gold: call.querySelector('.badge.gold') !== null,
    })),
  );
}

function expectedCalls(t: Trajectory, task: Parameters<typeof goldCalls>[1]): ShownCall[] {
  const needless = needlessCalls(t);
  const reached = new Set(goldCalls(t, task));
  const components = ['resurfacing', 'zero_yield', 'fan_out_where_batch', 'tool_mismatch'] as const;
  return t.events.map((e) => ({
    seq: e.seq,
    tool: e.tool,
    args: JSON.stringify(e.args, null, 2),
    needless: components.filter((c) => needless[c].charged.includes(e.seq)),
    gold: reached.has(e.seq),
  }));
}

async function visibleTasks(p: Page): Promise<string[]> {
  return p.$$eval('tr.task:not([hidden])', (rows) =>
    rows.map((r) => (r as unknown as Dataset).dataset.task!),
  );
}

describe('the HTML viewer in headless Chromium', () => {
  test('opens from disk, shows the calls of a task as recorded, filters, escapes', async (ctx) => {
    const skip = browserSkipReason();
    if (skip !== null) ctx.skip(skip);
    await using browser = await openBrowser();
    const p = await browser.newPage();
    const problems = await openPage(p, page);

    // the report: every row, both figures drawn
    expect(await p.$$eval('table.report tr[class^="v-"]', (rows) => rows.length)).toBe(report.rows.length);
    const figures = await p.$$eval('.figures img', (imgs) =>
      imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth),
    );
    expect(figures).toHaveLength(2);
    for (const width of figures) expect(width).toBeGreaterThan(100);
    expect(await visibleTasks(p)).toEqual(report.outcomes_by_task.map((t) => t.task_id));

    // one task, both arms: the calls shown are the recorded ones, with their components and gold
    const id = 'task-001';
    await p.click(`tr.task[data-task="${id}"]`);
    await p.waitForSelector('tr.detail-row[data-ready="true"]');
    for (const arm of ['baseline', 'candidate']) {
      const t = await trajectory(arm, id);
      expect(await shownCalls(p, arm)).toEqual(expectedCalls(t, gold(id)));
    }
    expect((await shownCalls(p, 'baseline')).some((c) => c.needless.length > 0)).toBe(true);
    expect((await shownCalls(p, 'baseline')).some((c) => c.gold)).toBe(true);
    await p.screenshot({ path: join(shots, 'task.png'), fullPage: true });

    // a cut preview expands to the whole result from the embedded blob
    const button = p.locator('tr.detail-row .full-button').first();
    const seq = Number(await button.locator('xpath=..').getAttribute('data-seq'));
    const armOf = await button.locator('xpath=ancestor::div[@data-arm]').getAttribute('data-arm');
    await button.click();
    const full = p.locator(`tr.detail-row .arm[data-arm="${armOf}"] .call[data-seq="${seq}"] pre.full`);
    const event = (await trajectory(armOf!, id)).events[seq]!;
    expect(await full.textContent()).toBe(readFileSync(join(run, 'blobs', event.blob), 'utf8'));

    // filters: by outcome (against report.json), by metric (against computeMetrics), then all back
    await p.selectOption('#f-base-outcome', 'answered');
    expect(await visibleTasks(p)).toEqual(
      report.outcomes_by_task.filter((t) => t.baseline === 'answered').map((t) => t.task_id),
    );
    await p.selectOption('#f-base-outcome', '');
    await p.selectOption('#f-metric', 'needless_call_rate');
    await p.selectOption('#f-relation', 'better');
    const better: string[] = [];
    for (const { task_id } of report.outcomes_by_task) {
      const [b, c] = await Promise.all([trajectory('baseline', task_id), trajectory('candidate', task_id)]);
      const [rb, rc] = [computeMetrics(b).needless_call_rate, computeMetrics(c).needless_call_rate];
      if (rb !== null && rc !== null && rc < rb) better.push(task_id);
    }
    expect(better.length).toBeGreaterThan(0);
    expect(await visibleTasks(p)).toEqual(better);
    expect(await p.textContent('#f-count')).toBe(
      `showing ${better.length} of ${report.outcomes_by_task.length} tasks`,
    );
    await p.evaluate("document.getElementById('tasks').scrollIntoView()");
    await p.screenshot({ path: join(shots, 'filtered.png') });
    await p.selectOption('#f-relation', 'any');

    // a task whose arguments, messages and results hold </script> and HTML: shown as text, nothing runs
    await p.click(`tr.task[data-task="${HOSTILE_TASK}"]`);
    await p.waitForSelector('tr.detail-row[data-ready="true"] .arm[data-arm="candidate"] .call');
    const hostile = p.locator('tr.detail-row').last();
    expect(
      await hostile.locator('.arm[data-arm="baseline"] .call[data-seq="1"] pre.preview').textContent(),
    ).toBe(HOSTILE_TEXT);
    expect(await hostile.locator('.answer').first().textContent()).toBe(HOSTILE_TEXT);
    await hostile.locator('.arm[data-arm="baseline"] .full-button').click();
    expect(await hostile.locator('.arm[data-arm="baseline"] pre.full').textContent()).toContain(HOSTILE_TEXT);
    expect(await p.title()).not.toBe('pwned');
    expect(await p.evaluate('document.body.dataset.xss')).toBeUndefined();
    expect(await p.$$('img[src="x"]')).toHaveLength(0);
    await p.evaluate(
      "[...document.querySelectorAll('tr.detail-row .task-head')].at(-1).scrollIntoView(); window.scrollBy(0, -120)",
    );
    await p.screenshot({ path: join(shots, 'hostile.png') });

    expect(problems).toEqual([]);
    for (const shot of ['task.png', 'filtered.png', 'hostile.png']) {
      expect(existsSync(join(shots, shot))).toBe(true);
      expect(statSync(join(shots, shot)).size).toBeGreaterThan(10_000);
    }
  }, 60_000);
});
