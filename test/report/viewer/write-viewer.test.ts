import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { HOSTILE_TASK, HOSTILE_TEXT } from '../../../bench/before-after-run.js';
import { writeViewer } from '../../../src/report/index.js';
import { collectRun } from '../../../src/report/viewer/collect-run.js';
import { escapeHtml, packText, scriptJson } from '../../../src/report/viewer/embed.js';
import { tasksDiffer } from '../../../src/report/viewer/task-differ.js';
import type { TaskDetail } from '../../../src/report/viewer/viewer-data.js';

const root = resolve(import.meta.dirname, '../../..');
const fixture = join(root, 'fixtures/runs/viewer-small');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-viewer-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const unpack = (packed: string) => gunzipSync(Buffer.from(packed, 'base64')).toString('utf8');

describe('embedding', () => {
  test.each(['</script><script>x()</script>', '<!-- <script>', 'a\u2028b\u2029c & > <', '"\\\'`'])(
    'scriptJson round-trips %j with no <, > or & left',
    (text) => {
      const json = scriptJson({ text });
      expect(json).not.toMatch(/[<>&\u2028\u2029]/);
      expect(JSON.parse(json)).toEqual({ text });
    },
  );

  test('escapeHtml and packText', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const text = `${HOSTILE_TEXT} ünïcødé ${'x'.repeat(5000)}`;
    expect(packText(text)).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(unpack(packText(text))).toBe(text);
  });
});

describe('writeViewer', () => {
  test('one self-contained page: nothing external, the script allowed by its hash, hostile text inert', async () => {
    const out = join(scratch, 'page', 'report.html');
    const written = await writeViewer(fixture, { out });
    const html = readFileSync(out, 'utf8');
    expect(written).toMatchObject({
      file: out,
      tasks: 7,
      figures: ['before-after-deltas', 'before-after-outcomes'],
    });
    expect(written.bytes).toBe(Buffer.byteLength(html));
    // four script elements (summary, code, details, blobs) and no other way for one to end
    expect(html.match(/<\/script/gi)).toHaveLength(4);
    expect(html).not.toContain(HOSTILE_TEXT);
    expect(html).not.toMatch(/\b(src|href)="(https?:)?\/\//);
    expect(html).toMatch(/default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-/);
  });

  test('each distinct cut result is embedded once; whole previews and missing blobs are not', async () => {
    const run = join(scratch, 'run');
    cpSync(fixture, run, { recursive: true });
    const collected = await collectRun(run);
    const details = [...collected.details.values()];
    const calls = details.flatMap((d) =>
      [d.baseline, d.candidate].flatMap((a) => a?.turn_views.flatMap((t) => t.calls) ?? []),
    );
    const cut = new Set(calls.filter((c) => !c.whole).map((c) => c.blob));
    expect([...collected.blobs.keys()].sort()).toEqual([...cut].sort());
    for (const [sha, packed] of collected.blobs)
      expect(unpack(packed)).toBe(readFileSync(join(run, 'blobs', sha), 'utf8'));
    expect(calls.filter((c) => c.whole).every((c) => !c.embedded)).toBe(true);

    // a store without one blob, and a cap below the rest: previews only
    const [gone] = cut;
    rmSync(join(run, 'blobs', gone!));
    const capped = await collectRun(run, { maxBlobBytes: 1 });
    expect(capped.blobs.size).toBe(0);
    const missing = await collectRun(run);
    expect(missing.blobs.has(gone!)).toBe(false);
    expect(missing.blobs.size).toBe(cut.size - 1);
  });

  test('a refused trajectory is shown with its error; a task one arm lacks is missing there', async () => {
    const run = join(scratch, 'broken');
    cpSync(fixture, run, { recursive: true });
    rmSync(join(run, 'arms/candidate/tasks/task-002/model_turns.json'));
    rmSync(join(run, 'arms/baseline/tasks/task-003'), { recursive: true });
    const collected = await collectRun(run);
    const task = (id: string) => collected.tasks.find((t) => t.id === id)!;
    expect(task('task-002').candidate).toMatchObject({
      state: 'refused',
      error: expect.stringContaining('model_turns.json'),
    });
    expect(task('task-002').differ).toBe(true);
    expect(task('task-003').baseline).toEqual({ state: 'missing' });
    expect((collected.details.get('task-002') as TaskDetail).candidate?.outcome).toBe('refused');
  });

  test('without report.json the tasks are still shown; a directory without arms/ is refused by name', async () => {
    const run = join(scratch, 'no-report');
    cpSync(fixture, run, { recursive: true });
    rmSync(join(run, 'report.json'));
    const written = await writeViewer(run);
    expect(written).toMatchObject({ file: join(run, 'report.html'), tasks: 7, figures: [] });
    expect(readFileSync(written.file, 'utf8')).toContain('has no <code>report.json</code>');
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'report.json'), '{}');
    await expect(collectRun(empty)).rejects.toThrow(
      `\`${empty}\` is not a before-after run directory: it has no \`arms/\``,
    );
  });

  test('the hostile task keeps its id, question and results as data', async () => {
    const collected = await collectRun(fixture);
    const detail = collected.details.get(HOSTILE_TASK)!;
    expect(detail.question).toContain(HOSTILE_TEXT);
    expect(detail.baseline?.answer).toBe(HOSTILE_TEXT);
    expect(Object.values(detail.previews)).toContain(HOSTILE_TEXT);
  });

  test.each([
    [{ state: 'missing' }, { state: 'missing' }, false],
    [{ state: 'missing' }, { state: 'refused', error: 'x' }, true],
    [
      { state: 'ok', outcome: 'answered', turns: 2, calls: 3, values: [1] },
      { state: 'ok', outcome: 'answered', turns: 4, calls: 3, values: [1] },
      false,
    ],
    [
      { state: 'ok', outcome: 'answered', turns: 2, calls: 3, values: [1] },
      { state: 'ok', outcome: 'timeout', turns: 2, calls: 3, values: [1] },
      true,
    ],
    [
      { state: 'ok', outcome: 'answered', turns: 2, calls: 3, values: [1] },
      { state: 'ok', outcome: 'answered', turns: 2, calls: 4, values: [1] },
      true,
    ],
  ] as const)('tasksDiffer(%j, %j) is %s', (a, b, expected) => {
    expect(tasksDiffer(a as never, b as never)).toBe(expected);
  });
});
