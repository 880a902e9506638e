import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LAYERS, layerOf, listSourceFiles, localImports, SRC } from './import-graph.js';

const files = listSourceFiles();

describe('layering', () => {
  test('every folder under src/ is a known layer', () => {
    const unknown = files
      .map(layerOf)
      .filter((layer) => layer !== 'root' && !LAYERS.includes(layer as never));
    expect(unknown).toEqual([]);
  });

  test('a lower layer never imports a higher one', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const target of localImports(file)) {
        const to = layerOf(target);
        // the root index.ts may re-export any layer.
        if (to === 'root' && !target.endsWith('/index.ts')) continue;
        if (from === 'root') continue;
        const rank = (layer: string) => LAYERS.indexOf(layer as (typeof LAYERS)[number]);
        if (to === 'root' || rank(to) > rank(from)) {
          violations.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  // A layer is used through its entry: what another layer may call is on the entry, named, and the
  // layer's files stay free to move. `agent-track/plots` is the report layer's second entry,
  // `agent-track/server` the product layer's, `agent/llm/index.ts` (the LLM block alone) the agent
  // layer's.
  test("an import from another layer goes through that layer's entry", () => {
    const entries = new Set([
      ...LAYERS.map((layer) => `${layer}/index.ts`),
      'report/plots/index.ts',
      'product/server/index.ts',
      'agent/llm/index.ts',
    ]);
    const deep: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const target of localImports(file)) {
        const to = layerOf(target);
        if (to === from || to === 'root' || from === 'root') continue;
        const path = relative(SRC, target);
        if (!entries.has(path)) deep.push(`${relative(SRC, file)} -> ${path}`);
      }
    }
    expect(deep).toEqual([]);
  });

  // A path resolved at run time is an import the graph above cannot see: nothing below the CLI
  // locates a CLI file that way (the product starts its own server entry instead).
  test('no file below the CLI resolves a CLI file at run time', () => {
    const climbs = files
      .filter((file) => layerOf(file) !== 'cli')
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => line.includes('import.meta') && /\bcli\b/.test(line))
          .map((line) => `${relative(SRC, file)}: ${line.trim()}`),
      );
    expect(climbs).toEqual([]);
  });

  test('every relative import resolves to a file', () => {
    const missing = files.flatMap((file) =>
      localImports(file)
        .filter((target) => !existsSync(target))
        .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`),
    );
    expect(missing).toEqual([]);
  });
});
