import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { git } from '../campaign/helpers.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const SERVER = '@modelcontextprotocol/server-filesystem';
const VERSION = JSON.parse(readFileSync(join(ROOT, 'node_modules', SERVER, 'package.json'), 'utf8')).version;

function shellQuoted(path: string): string {
  return `'${path.replaceAll("'", "'\\''")}'`;
}

// A product that is only a third-party server: no harness of its own (agent-track's runs it), its
// server a dependency it pins. Its setup "installs" the pinned package by linking agent-track's copy
// (no registry here); the lockfile and package.json pin the same version, so the arm accepts it.
function manifest(allowed: string): string {
  return [
    'name: fs-product',
    // The checkout may sit under a path with spaces or quotes: quoted for the shell, then for YAML.
    `setup: ${JSON.stringify(`mkdir -p node_modules/@modelcontextprotocol && ln -sfn ${shellQuoted(join(ROOT, 'node_modules', SERVER))} node_modules/${SERVER}`)}`,
    `serve: [node, node_modules/${SERVER}/dist/index.js, "${allowed}"]`,
    'artifacts: { ask_prompt: ask.md, usage_skill: skill.md }',
    'tools: { search: [search_files], read: [read_text_file], symbol: null, batch: {}, identified: [] }',
    '',
  ].join('\n');
}

/**
 * The product repository at `<dir>/product` with two commits: HEAD~1 serves `{corpus}/docs` only,
 * HEAD the whole corpus. Returns the repository's path.
 */
export function makeFilesystemProduct(dir: string): string {
  const repo = join(dir, 'product');
  mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(
    join(repo, 'package.json'),
    JSON.stringify({ name: 'fs-product', private: true, dependencies: { [SERVER]: VERSION } }),
  );
  writeFileSync(
    join(repo, 'package-lock.json'),
    JSON.stringify({
      lockfileVersion: 3,
      packages: { '': { name: 'fs-product' }, [`node_modules/${SERVER}`]: { version: VERSION } },
    }),
  );
  writeFileSync(join(repo, '.gitignore'), 'node_modules\n');
  writeFileSync(join(repo, 'ask.md'), 'Answer from the files.\n');
  writeFileSync(join(repo, 'skill.md'), '# Tools\nsearch_files takes a glob.\n');
  writeFileSync(join(repo, 'agent-track.product.yaml'), manifest('{corpus}/docs'));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'serve the docs only');
  writeFileSync(join(repo, 'agent-track.product.yaml'), manifest('{corpus}'));
  git(repo, 'commit', '-q', '-am', 'serve the whole corpus');
  return repo;
}
