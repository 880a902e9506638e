import { AgentTrackError } from '../../core/index.js';
import { confinePath } from './confine-path.js';
import type { CorpusReader } from './corpus-reader.js';
import { numberedLines } from './numbered-lines.js';
import type { Pointer } from './pointers.js';

export interface FileView {
  text: string;
  identifiers: string[];
  record: { path: string; start: number; end: number; total_lines: number };
  pointers: Pointer[];
}

function notFound(reader: CorpusReader, path: string): AgentTrackError {
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const similar = reader
    .paths()
    .filter((candidate) => candidate.toLowerCase().endsWith(`/${base}`) || candidate.toLowerCase() === base)
    .slice(0, 5);
  return new AgentTrackError(
    'FILE_NOT_FOUND',
    `No file \`${path}\` in the corpus${similar.length > 0 ? `; did you mean ${similar.map((p) => `\`${p}\``).join(', ')}` : ''}`,
    { data: { path, similar } },
  );
}

/**
 * Lines `start..end` of a corpus file (1-based, inclusive; the whole file by default), at most
 * `maxLines` of them, with a pointer to the next range when cut. The path is confined to the corpus.
 *
 * @example
 * fileView(reader, 'shop/cart.py', 10, 20, 400).record; // { path: 'shop/cart.py', start: 10, end: 20, total_lines: 41 }
 */
export function fileView(
  reader: CorpusReader,
  rawPath: string,
  start: number | undefined,
  end: number | undefined,
  maxLines: number,
): FileView {
  const path = confinePath(rawPath);
  const file = reader.file(path);
  if (file === undefined) throw notFound(reader, path);
  const total = file.lines.length;
  const from = start ?? 1;
  if (from > Math.max(total, 1)) {
    throw new AgentTrackError(
      'RANGE_OUTSIDE_FILE',
      `\`${path}\` has ${total} lines; \`start\` ${from} is past its end`,
      {
        data: { path, start: from, total },
      },
    );
  }
  const wanted = Math.min(end ?? total, total);
  if (wanted < from) {
    throw new AgentTrackError('INVALID_RANGE', `\`end\` ${end} is before \`start\` ${from}`, {
      data: { path, start, end },
    });
  }
  const to = Math.min(wanted, from + maxLines - 1);
  const parts = [`${path}:${from}-${to} (${total} lines)`, numberedLines(file.lines, from, to)];
  const pointers: Pointer[] = [];
  if (to < wanted) {
    parts.push(`… ${wanted - to} more lines in the range asked for`);
    pointers.push({
      label: 'then',
      tool: 'read_file',
      args: { path, start: to + 1, end: Math.min(wanted, to + maxLines) },
    });
  }
  return {
    text: parts.join('\n'),
    identifiers: [path, `${path}:${from}-${to}`],
    record: { path, start: from, end: to, total_lines: total },
    pointers,
  };
}
