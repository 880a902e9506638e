import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { viewCommand } from '../../src/cli/commands/view.js';
import { createProgram } from '../../src/cli/program.js';

const root = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-view-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function view(...args: string[]): Promise<string> {
  let out = '';
  const program = createProgram({
    version: '0',
    commands: [viewCommand],
    io: { out: (t) => (out += t), err: () => {} },
  });
  await program.parseAsync(['node', 'agent-track', 'view', ...args]);
  return out;
}

describe('agent-track view', () => {
  test('writes the page where --out says and names what it holds', async () => {
    const out = join(scratch, 'report.html');
    const printed = await view(join(root, 'fixtures/runs/viewer-small'), '--out', out, '--tools', 'default');
    expect(existsSync(out)).toBe(true);
    expect(printed).toMatch(
      new RegExp(`^wrote ${out} \\(\\d+ KiB: 7 tasks, \\d+ whole results, 2 figures\\)\\n$`),
    );
  });

  test('an unknown tool profile is refused by name', async () => {
    await expect(
      view(join(root, 'fixtures/runs/viewer-small'), '--out', join(scratch, 'x.html'), '--tools', 'nope'),
    ).rejects.toThrow('Unknown tool-role profile `nope`');
  });
});

describe('agent-track view with no run: the run index', () => {
  // The cells of each row of the page's one table, as text (a link as `text -> href`).
  const rowsOf = (html: string) =>
    [...html.matchAll(/<tr data-key="[^"]*">(.*?)<\/tr>/g)].map((row) =>
      [...row[1]!.matchAll(/<td[^>]*>(?:<a href="([^"]*)">)?(.*?)(?:<\/a>)?<\/td>/g)].map(([, href, text]) =>
        href === undefined ? text! : `${text} -> ${href}`,
      ),
    );

  test('lists every run of the log newest first: kind, what, verdict, spend and a link to its page', async () => {
    const { appendRunRecord } = await import('../../src/report/index.js');
    const dir = join(scratch, 'index');
    cpSync(join(root, 'fixtures/runs/viewer-small'), join(dir, 'ba'), { recursive: true });
    cpSync(join(root, 'fixtures/runs/track-small'), join(dir, 'track'), { recursive: true });
    writeFileSync(join(dir, 'track', 'report.html'), '<html></html>');
    const log = join(dir, 'log', 'runs.jsonl');
    const dataset = { name: 'fixture-code', slice: 'small_test', limit: null, tasks: 7 };
    const base = { dataset, params: {}, metrics: [], git: { sha: null, dirty: null } };
    const at = (minute: number) => `2026-12-05T10:0${minute}:00.000Z`;
    for (const arm of ['baseline@aaa', 'candidate@bbb'])
      appendRunRecord(log, {
        ...base,
        system: 'before-after',
        config: arm,
        created_at: at(1),
        artifacts: { report_json: join(dir, 'ba', 'report.json'), html: join(dir, 'ba', 'report.html') },
      });
    for (const arm of ['bare@ccc', 'with-server@ccc'])
      appendRunRecord(log, {
        ...base,
        system: 'track',
        config: arm,
        created_at: at(2),
        artifacts: {
          report: join(dir, 'track', 'report.md'),
          report_json: join(dir, 'track', 'report.json'),
        },
      });
    const delta = (key: string) => ({ key, value: 0.1, low: 0, high: 0.2, n: 7 });
    appendRunRecord(log, {
      ...base,
      system: 'optimize',
      config: 'tool_docs:r2',
      created_at: at(3),
      params: { stop: 'budget', usd: 0.0123 },
      metrics: [delta('delta r1 (accepted)'), delta('delta r2 (rejected)')],
      artifacts: { result: join(dir, 'opt', 'result.json') },
    });
    appendRunRecord(log, {
      ...base,
      system: 'retrieval-rung',
      config: 'bm25',
      created_at: at(4),
      artifacts: { run: join(dir, 'rung.json') },
    });

    const printed = await view('--log', log);
    const page = join(dir, 'log', 'runs.html');
    expect(printed).toMatch(new RegExp(`^wrote ${page} \\(\\d+ KiB: 4 run\\(s\\) from ${log}\\)\\n$`));
    const rows = rowsOf(readFileSync(page, 'utf8'));
    expect(rows.map((row) => row.slice(0, 5))).toEqual([
      ['2026-12-05 10:04', 'retrieval-rung', 'bm25', 'fixture-code/small_test', '7'],
      ['2026-12-05 10:03', 'optimize', 'tool_docs:r2', 'fixture-code/small_test', '7'],
      ['2026-12-05 10:02', 'track', 'bare@ccc vs with-server@ccc', 'fixture-code/small_test', '7'],
      ['2026-12-05 10:01', 'before-after', 'baseline@aaa vs candidate@bbb', 'fixture-code/small_test', '7'],
    ]);
    expect(rows.map((row) => row.slice(6))).toEqual([
      ['–', 'gone'],
      ['$0.0123', 'gone'],
      ['$0.0438 (as the agent quoted it)', 'open -> ../track/report.html'],
      ['$0 (offline stand-in)', `not drawn: agent-track view ${join(dir, 'ba')}`],
    ]);
    expect(rows.map((row) => row[5])).toEqual([
      '–',
      'stopped: budget; 1 of 2 confirmed accepted',
      expect.stringMatching(/^Inconclusive: 3 judged pair\(s\)/),
      expect.stringMatching(/^The change does not succeed: the needless-call rate did not go down/),
    ]);
  });

  test('an empty log says so; --log with a run is refused before any work', async () => {
    const log = join(scratch, 'empty', 'runs.jsonl');
    const out = join(scratch, 'empty-index.html');
    expect(await view('--log', log, '--out', out)).toBe(`wrote ${out}: no runs recorded in ${log} yet\n`);
    expect(existsSync(out)).toBe(true);
    await expect(view(join(root, 'fixtures/runs/viewer-small'), '--log', log)).rejects.toThrow(
      /--log.*given only with no run/,
    );
  });
});
