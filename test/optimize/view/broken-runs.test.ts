import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { cli } from '../../cli/run-cli.js';

const root = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-broken-runs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of a fixture run in the scratch directory, with `file` rewritten by `change`. */
function broken(name: string, fixture: string, file: string, change: (text: string) => string): string {
  const dir = join(scratch, name);
  cpSync(join(root, 'fixtures/runs', fixture), dir, { recursive: true });
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));
  return dir;
}

const withoutCandidates = (text: string) => {
  const { candidates: _dropped, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify(rest);
};

describe('view on a run whose files are broken', () => {
  test.each([
    [
      'an optimize result without candidates',
      'optimize-small',
      'result.json',
      withoutCandidates,
      'is not an optimize result: candidates: ',
    ],
    [
      'an optimize result that is not JSON',
      'optimize-small',
      'result.json',
      () => '{"axis": ',
      'cannot be read as JSON',
    ],
    [
      'an objective trace without points',
      'optimize-small',
      'objective.json',
      () => '{"label": "x"}',
      'is not an objective trace: ',
    ],
    [
      'a track report of another shape',
      'track-small',
      'report.json',
      () => '{"title": "x", "tasks": 3}',
      'is not a track report',
    ],
    [
      'a track report that is not JSON',
      'track-small',
      'report.json',
      () => 'not json',
      'cannot be read as JSON',
    ],
  ])('%s is refused with exit 2, one line naming the file', async (name, fixture, file, change, why) => {
    const dir = broken(name.replaceAll(' ', '-'), fixture, file, change);
    const { code, stdout, stderr } = await cli('view', dir, '--out', join(dir, 'page.html'));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toHaveLength(2);
    expect(stderr).toContain(`agent-track: \`${join(dir, file)}\` ${why}`);
  });

  test('an optimize run without objective.json still has its page, with a note where the figure was', async () => {
    const dir = join(scratch, 'no-objective');
    cpSync(join(root, 'fixtures/runs/optimize-small'), dir, { recursive: true });
    rmSync(join(dir, 'objective.json'));
    const out = join(dir, 'page.html');
    const { code, stdout, stderr } = await cli('view', dir, '--out', out);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/\(\d+ KiB: optimize run, 2 rounds, 0 figures\)\n$/);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('No objective.json in the run.');
    expect(html).not.toContain('<img alt="optimize-objective"');
  });
});
