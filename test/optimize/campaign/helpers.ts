import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Task } from '../../../src/retrieval/task/schema.js';

export const FIXTURES = join(import.meta.dirname, 'fixtures');

/** A temp directory removed on dispose (`using dir = tempDir()`). */
export function tempDir(prefix = 'agent-track-campaign-'): { path: string; [Symbol.dispose]: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, [Symbol.dispose]: () => rmSync(path, { recursive: true, force: true }) };
}

export function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd: repo,
    encoding: 'utf8',
  }).trim();
}

/** What one commit of a fixture product holds. */
export interface CommitSpec {
  subject: string;
  outcome: string;
  knownKeys?: string[];
  manifest?: Record<string, unknown>;
  files?: Record<string, string | Buffer>;
}

const DEFAULT_KEYS = ['base_url', 'provider', 'auth', 'params.temperature', 'max_retries'];

function writeFiles(repo: string, files: Record<string, string | Buffer>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
}

/**
 * A real git repository holding a fixture product (manifest, harness, server entry) at two or more
 * commits, one per spec. Returns the repo and each commit's sha.
 */
export function makeProductRepo(root: string, specs: CommitSpec[]): { repo: string; shas: string[] } {
  const repo = join(root, 'product');
  mkdirSync(join(repo, 'bin'), { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  copyFileSync(join(FIXTURES, 'harness.mjs'), join(repo, 'bin/harness.mjs'));
  copyFileSync(join(FIXTURES, 'serve.mjs'), join(repo, 'bin/serve.mjs'));
  writeFileSync(join(repo, '.gitignore'), 'node_modules\n');
  const shas: string[] = [];
  for (const spec of specs) {
    const manifest = spec.manifest ?? {
      name: 'fixture-product',
      setup: null,
      serve: ['node', 'bin/serve.mjs', '--workspace', '{workspace}'],
      harness: ['node', 'bin/harness.mjs'],
    };
    writeFileSync(join(repo, 'agent-track.product.yaml'), JSON.stringify(manifest, null, 2));
    writeFileSync(
      join(repo, 'product.json'),
      JSON.stringify({
        name: spec.subject,
        outcome: spec.outcome,
        known_keys: spec.knownKeys ?? DEFAULT_KEYS,
      }),
    );
    writeFiles(repo, spec.files ?? {});
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', spec.subject);
    shas.push(git(repo, 'rev-parse', 'HEAD'));
  }
  return { repo, shas };
}

/** Tasks whose `meta.fixture` tells the fixture harness how to behave. */
export function fixtureTasks(
  modes: Record<string, string | { fixture: string; ms?: number; prompt?: number }>,
): Task[] {
  return Object.entries(modes).map(([id, mode]) => ({
    id,
    question: `Where is ${id}?`,
    gold: { files: [`${id}.ts`] },
    meta: typeof mode === 'string' ? { fixture: mode } : mode,
  }));
}

/** Every file under a directory (links not followed), for "no file holds the key" checks. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (statSync(path).isFile()) out.push(path);
  }
  return out;
}

export function readLines(file: string): unknown[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The worktrees git knows for a repo, besides the main one. */
export function linkedWorktrees(repo: string): string[] {
  return git(repo, 'worktree', 'list', '--porcelain')
    .split('\n')
    .filter((line) => line.startsWith('worktree '))
    .slice(1);
}
