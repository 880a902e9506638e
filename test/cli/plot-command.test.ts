import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { sampleRung } from '../report/plots/sample-rung.js';
import { cli } from './run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-plot-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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
