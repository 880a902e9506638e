#!/usr/bin/env node
// Transpiles src/ to dist/ with esbuild (each file on its own, as tsx runs it: no type check, no
// declarations; `npm run build` makes those) in about half a second, then marks dist/ as built
// from this src/ tree, so code running from source starts its children from dist/ (`builtTwin`).
// Then bundles the server's and the CLI's entries (`bundle-entries.mjs`) and writes o200k's ranks
// table (`tokenizer-table.mjs`). `--mark-only` bundles, writes the table and marks a dist/ that tsc
// has just built.
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

if (!process.argv.includes('--mark-only')) {
  const { buildSync } = await import('esbuild');
  buildSync({
    entryPoints: sources(src),
    outdir: join(root, 'dist'),
    outbase: src,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'error',
  });
}
const { bundleEntries } = await import('./bundle-entries.mjs');
await bundleEntries(root);
const { writeTokenizerTable } = await import('./tokenizer-table.mjs');
writeTokenizerTable(root);
const { markDist } = await import(pathToFileURL(join(root, 'dist/core/built-twin.js')).href);
markDist(root);
