import type { CallYield } from '../imported-run.js';

const NOT_A_PATH = [
  /^Found \d+ (files?|matches?|lines?)\b/i,
  /^No (files|matches) found/i,
  /^\(Results are truncated/i,
  /^--$/,
];

function relativeTo(path: string, cwd: string | undefined): string {
  if (cwd === undefined || cwd === '') return path;
  const root = cwd.endsWith('/') ? cwd : `${cwd}/`;
  return path.startsWith(root) ? path.slice(root.length) : path;
}

// Grep's output depends on its mode: bare paths, `path:count`, or `path:line:text` / `path:text`.
function grepPath(line: string, mode: unknown): string | null {
  if (mode === 'content') {
    const colon = line.indexOf(':');
    return colon > 0 ? line.slice(0, colon) : null;
  }
  if (mode === 'count') {
    const match = /^(.+):\d+$/.exec(line);
    return match?.[1] ?? null;
  }
  return line;
}

/**
 * Identifiers of a Claude Code built-in call, read from its input and result text: `Read` returned
 * the file it read; `Glob` and `Grep` returned the paths listed in their output (also their ranked
 * rows, in output order). Paths under the session's `cwd` are made relative to it. A failed call and
 * any other tool returned none.
 *
 * @example
 * claudeCodeYield('Read', { file_path: '/repo/src/a.py' }, 'def a(): ...', true, '/repo'); // { identifiers: ['src/a.py'] }
 */
export function claudeCodeYield(
  tool: string,
  args: Record<string, unknown>,
  text: string,
  ok: boolean,
  cwd?: string,
): CallYield {
  if (!ok) return { identifiers: [] };
  if (tool === 'Read') {
    const path = args.file_path;
    return { identifiers: typeof path === 'string' && path !== '' ? [relativeTo(path, cwd)] : [] };
  }
  if (tool !== 'Glob' && tool !== 'Grep') return { identifiers: [] };
  const seen = new Set<string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || NOT_A_PATH.some((pattern) => pattern.test(line))) continue;
    const path = tool === 'Grep' ? grepPath(line, args.output_mode) : line;
    if (path !== null && path !== '') seen.add(relativeTo(path, cwd));
  }
  const identifiers = [...seen];
  return { identifiers, rows: identifiers.map((path) => ({ path })) };
}
