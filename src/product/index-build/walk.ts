import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AgentTrackError } from '../../core/index.js';

/** A file the walk will index: its `/`-separated path relative to the corpus root, and its text. */
export interface CorpusFile {
  path: string;
  text: string;
  bytes: number;
}

/** Why a file was left out of the index, counted in the bundle manifest. */
export interface WalkSkips {
  too_large: number;
  binary: number;
  not_utf8: number;
}

export interface WalkResult {
  files: CorpusFile[];
  skipped: WalkSkips;
}

export interface WalkOptions {
  excludeDirs: readonly string[];
  maxFileBytes: number;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

// A file the corpus lists but the system will not read (a /proc entry, no permission): one clear
// refusal naming it, never a stack trace.
function readCorpusFile(full: string): Buffer {
  try {
    return readFileSync(full);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new AgentTrackError(
      'CORPUS_FILE_UNREADABLE',
      `Cannot read \`${full}\` in the corpus (${code}): point --corpus at a directory of source files`,
      {
        data: { path: full, code },
      },
    );
  }
}

/**
 * Every text file under `root`, sorted by path. Hidden entries and `excludeDirs` are never
 * entered, symbolic links are never followed (so nothing outside the root is read), and binary,
 * non-UTF-8 and oversized files are skipped and counted.
 *
 * @example
 * walkCorpus('fixtures/corpora/py-shop', { excludeDirs: ['node_modules'], maxFileBytes: 1_000_000 }).files[0]?.path;
 */
export function walkCorpus(root: string, options: WalkOptions): WalkResult {
  const files: CorpusFile[] = [];
  const skipped: WalkSkips = { too_large: 0, binary: 0, not_utf8: 0 };
  const excluded = new Set(options.excludeDirs);
  const visit = (dir: string, prefix: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!excluded.has(entry.name)) visit(full, path);
        continue;
      }
      if (!entry.isFile()) continue;
      const size = lstatSync(full).size;
      if (size > options.maxFileBytes) {
        skipped.too_large += 1;
        continue;
      }
      const buffer = readCorpusFile(full);
      if (buffer.subarray(0, 8192).includes(0)) {
        skipped.binary += 1;
        continue;
      }
      try {
        files.push({ path, text: decoder.decode(buffer), bytes: buffer.length });
      } catch {
        skipped.not_utf8 += 1;
      }
    }
  };
  visit(root, '');
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped };
}
