import { relative } from 'node:path';
import { expect, test } from 'vitest';
import { listSourceFiles, localImports, SRC } from './import-graph.js';

// Type-only imports count too: a cycle through types is still two concepts that cannot be read apart.
test('src/ has no import cycles', () => {
  const graph = new Map(listSourceFiles().map((file) => [file, localImports(file)]));
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  expect(cycles).toEqual([]);
});
