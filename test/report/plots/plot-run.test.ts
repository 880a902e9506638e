import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, describe, expect, test } from 'vitest';
import { AgentTrackError } from '../../../src/core/errors.js';
import { findPlotFont } from '../../../src/report/plots/font.js';
import { plotRun } from '../../../src/report/plots/plot-run.js';
import { sampleReport } from './sample-report.js';
import { sampleRung } from './sample-rung.js';
import { pngSize } from './svg-marks.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-plots-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const write = (name: string, value: unknown) => {
  const file = join(scratch, name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  return file;
};
const svgSize = (svg: string) => {
  const [, width, height] = /^<svg[^>]*\swidth="([\d.]+)"\s+height="([\d.]+)"/.exec(svg)!;
  return { width: Number(width), height: Number(height) };
};

describe('plotRun', () => {
  test('this machine has a font for the PNGs', () => {
    expect(findPlotFont()).not.toBeNull();
  });

  test('a run directory holding report.json: the forest plot and outcome bars as SVG and PNG', async () => {
    const runDir = join(scratch, 'run');
    write('run/report.json', sampleReport());
    const out = join(scratch, 'run-plots');
    const { figures, warnings } = await plotRun(runDir, out);
    expect(warnings).toEqual([]);
    expect(figures.map((f) => f.name)).toEqual(['before-after-deltas', 'before-after-outcomes']);
    expect(readdirSync(out).sort()).toEqual([
      'before-after-deltas.png',
      'before-after-deltas.svg',
      'before-after-outcomes.png',
      'before-after-outcomes.svg',
    ]);
    for (const figure of figures) {
      const svg = readFileSync(figure.svg, 'utf8');
      const size = svgSize(svg);
      expect(size).toEqual({ width: figure.width, height: figure.height });
      // PNGs are drawn at twice the SVG's size.
      expect(pngSize(readFileSync(figure.png!))).toEqual({ width: size.width * 2, height: size.height * 2 });
    }
  });

  test('every figure is sized to what it draws: 12 px of margin around the measured content', async () => {
    write('fit/report.json', sampleReport());
    const { figures } = await plotRun(join(scratch, 'fit'), join(scratch, 'fit-plots'));
    const font = findPlotFont()!;
    for (const figure of figures) {
      const svg = readFileSync(figure.svg, 'utf8');
      const [, x, y] = /viewBox="(-?[\d.]+) (-?[\d.]+) /.exec(svg)!;
      // Measured again without the background: the content ends 12 px (+1 for rounding) inside.
      const box = new Resvg(
        svg.replace(/<rect x="[^"]*" y="[^"]*" width="[^"]*" height="[^"]*" fill="white"\/>/, ''),
        {
          font: { loadSystemFonts: false, fontFiles: [font.file], defaultFontFamily: font.family },
        },
      ).getBBox()!;
      expect(box.x - Number(x)).toBeGreaterThanOrEqual(11);
      expect(box.x - Number(x)).toBeLessThanOrEqual(13);
      expect(Number(x) + figure.width - (box.x + box.width)).toBeLessThanOrEqual(13);
      expect(Number(y) + figure.height - (box.y + box.height)).toBeLessThanOrEqual(13);
    }
    // The forest plot's numbers column no longer leaves Vega's estimated-width margin (878 px wide before).
    expect(figures[0]!.width).toBeLessThan(800);
  });

  test('a saved rung run: score bars and the latency scatter; scale 1 keeps the SVG size', async () => {
    const file = write('rung.json', sampleRung());
    const { figures } = await plotRun(file, join(scratch, 'rung-plots'), { scale: 1 });
    expect(figures.map((f) => f.name)).toEqual(['rung-scores', 'rung-latency']);
    for (const figure of figures) {
      expect(pngSize(readFileSync(figure.png!))).toEqual({ width: figure.width, height: figure.height });
    }
  });

  test('an objective trace: the optimizer progress figure', async () => {
    const file = write('objective.json', {
      points: [{ label: 'start', spend_usd: 0, objective: 0.4, low: 0.3, high: 0.5, accepted: true }],
    });
    const { figures } = await plotRun(file, join(scratch, 'objective-plots'));
    expect(figures.map((f) => f.name)).toEqual(['optimize-objective']);
  });

  test.each([
    [{ dataset: 'fixture-needles' }, 'datasets', 'dataset', '`fixture-code`', '`fixture-needles`'],
    [{ slice: 'small_test' }, 'splits', 'slice', '`all`', '`small_test`'],
  ])('runs of different %o are refused naming the difference', async (other, word, key, a, b) => {
    const first = write(`mix-a-${key}.json`, sampleRung());
    const second = write(`mix-b-${key}.json`, sampleRung(other));
    const refused = await plotRun([first, second], join(scratch, `mix-${key}`)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AgentTrackError);
    expect(refused).toMatchObject({ code: 'PLOT_MIXED_RUNS', data: { key } });
    const message = (refused as Error).message;
    expect(message).toContain(`different ${word}`);
    expect(message).toContain(`\`${first}\` has ${key} ${a}`);
    expect(message).toContain(`\`${second}\` has ${b}`);
  });

  test('two rung runs of one split share the figures', async () => {
    const files = [write('same-a.json', sampleRung()), write('same-b.json', sampleRung())];
    const { figures } = await plotRun(files, join(scratch, 'same'));
    expect(figures.map((f) => f.name)).toEqual(['rung-scores', 'rung-latency']);
  });

  test('a report beside rung runs is refused, naming it', async () => {
    const files = [write('solo-rung.json', sampleRung()), write('solo/report.json', sampleReport())];
    await expect(plotRun(files, join(scratch, 'solo-plots'))).rejects.toMatchObject({
      code: 'PLOT_MIXED_INPUTS',
      message: expect.stringContaining(`\`${files[1]}\` is a before-after report`),
    });
  });

  test('a malformed input names the file and the key; a directory without report.json names it', async () => {
    const bad = write('bad.json', { ...sampleRung(), k: 'ten' });
    await expect(plotRun(bad, join(scratch, 'bad'))).rejects.toMatchObject({
      code: 'PLOT_INPUT_MALFORMED',
      message: expect.stringMatching(/`.*bad\.json` is not a saved retrieval run: `k`/),
    });
    const empty = join(scratch, 'empty-run');
    mkdirSync(empty);
    await expect(plotRun(empty, join(scratch, 'empty'))).rejects.toMatchObject({
      code: 'PLOT_INPUT_UNREADABLE',
      message: expect.stringContaining(`\`${join(empty, 'report.json')}\``),
    });
  });

  test('without a font the SVGs are written and a warning says what to install', async () => {
    const file = write('nofont.json', sampleRung());
    const out = join(scratch, 'nofont');
    const { figures, warnings } = await plotRun(file, out, { font: null });
    expect(figures.every((f) => f.png === null)).toBe(true);
    expect(readdirSync(out).sort()).toEqual(['rung-latency.svg', 'rung-scores.svg']);
    expect(warnings).toEqual([
      expect.stringContaining('apt-get install -y --no-install-recommends fonts-dejavu-core'),
    ]);
  });
});
