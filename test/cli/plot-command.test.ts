import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { sampleRung } from '../optimize/plots/sample-rung.js';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-plot-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(
      join(root, 'node_modules/.bin/tsx'),
      [join(root, 'src/cli/bin.ts'), ...args],
      {
        cwd: root,
      },
    );
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

test('agent-track plot RUN --out DIR writes each figure as SVG and PNG and names the files', async () => {
  const file = join(scratch, 'rung.json');
  writeFileSync(file, JSON.stringify(sampleRung()));
  const out = join(scratch, 'plots');
  const result = await cli('plot', file, '--out', out);
  expect(result.code).toBe(0);
  for (const name of ['rung-scores', 'rung-latency']) {
    expect(result.stdout).toContain(`wrote ${join(out, `${name}.svg`)} and ${join(out, `${name}.png`)}`);
    expect(existsSync(join(out, `${name}.png`))).toBe(true);
  }
});

test('runs of different datasets: one line naming both files, exit 2', async () => {
  const a = join(scratch, 'a.json');
  const b = join(scratch, 'b.json');
  writeFileSync(a, JSON.stringify(sampleRung()));
  writeFileSync(b, JSON.stringify(sampleRung({ dataset: 'fixture-needles' })));
  const result = await cli('plot', a, b, '--out', join(scratch, 'mixed'));
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(`\`${a}\` has dataset \`fixture-code\`, \`${b}\` has \`fixture-needles\``);
});
