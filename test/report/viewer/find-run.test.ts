import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { findRun } from '../../../src/report/index.js';
import { cli } from '../../cli/run-cli.js';

const root = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-find-run-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('findRun', () => {
  test.each([
    ['fixtures/runs/viewer-small', 'before-after'],
    ['fixtures/runs/optimize-small', 'optimize'],
    ['fixtures/runs/track-small', 'track'],
    ['fixtures/runs/rung-small/base.json', 'rung'],
    ['fixtures/runs/rung-small/overlays.json', 'rung'],
  ])('%s is a %s run', (path, kind) => {
    expect(findRun(join(root, path))).toBe(kind);
  });

  test('a directory whose report.json is of kind compare is a comparison, whatever its arms are named', () => {
    const dir = join(scratch, 'compare');
    mkdirSync(join(dir, 'arms', 'baseline'), { recursive: true });
    writeFileSync(join(dir, 'report.json'), '{"kind":"compare"}');
    expect(findRun(dir)).toBe('compare');
  });

  test.each([
    ['an empty directory', (dir: string) => mkdirSync(dir), 'it holds none of the files'],
    [
      'a track without its ledger',
      (dir: string) => mkdirSync(join(dir, 'arms', 'bare'), { recursive: true }),
      'it holds none of the files',
    ],
    [
      'a result.json alone',
      (dir: string) => {
        mkdirSync(dir);
        writeFileSync(join(dir, 'result.json'), '{}');
      },
      'it holds none of the files',
    ],
    [
      'a report.json of another kind beside no arms',
      (dir: string) => {
        mkdirSync(dir);
        writeFileSync(join(dir, 'report.json'), '{"kind":"track"}');
      },
      'it holds none of the files',
    ],
    [
      'a JSON file of another kind',
      (file: string) => writeFileSync(file, '{"kind":"track"}'),
      'it is a JSON file of `kind: track`',
    ],
    ['a file that is not JSON', (file: string) => writeFileSync(file, 'hello'), 'it is a file but not JSON'],
    ['nothing at all', () => {}, 'it does not exist'],
  ])('%s is refused (VIEWER_NOT_A_RUN), naming what each kind holds', (name, make, why) => {
    const path = join(scratch, name.replaceAll(' ', '-'));
    make(path);
    let caught: unknown;
    try {
      findRun(path);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'VIEWER_NOT_A_RUN', data: { dir: path } });
    const message = (caught as Error).message;
    expect(message).toContain(`\`${path}\` is not a run to view: ${why}`);
    for (const holds of [
      '`arms/baseline/`',
      '`arms/bare/`',
      '`result.json`',
      '`kind: compare`',
      '`kind: retrieval-rung`',
    ])
      expect(message).toContain(holds);
  });

  test('the CLI refuses a directory that is no run with exit 2, one line naming it', async () => {
    const dir = join(scratch, 'not-a-run');
    mkdirSync(dir);
    const { code, stderr, stdout } = await cli('view', dir);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      new RegExp(`^agent-track: \`${dir}\` is not a run to view: .*retrieval-rung.*\\n$`),
    );
  });

  test.each([
    [
      'fixtures/runs/rung-small/overlays.json',
      /^wrote .*rung\.html \(\d+ KiB: rung run, 4 tasks, 2 figures\)\n$/,
    ],
    [
      'fixtures/runs/viewer-small',
      /^wrote .*ba\.html \(\d+ KiB: \d+ tasks, \d+ whole results, \d+ figures\)\n$/,
    ],
  ])('the CLI dispatches %s to its page', async (path, line) => {
    const out = join(scratch, line.source.includes('rung') ? 'rung.html' : 'ba.html');
    const { code, stdout, stderr } = await cli('view', join(root, path), '--out', out);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(line);
  });
});
