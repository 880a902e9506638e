import { z } from 'zod';
import { globTest } from '../glob.js';
import type { Pointer } from '../pointers.js';
import { safeRegex } from '../safe-regex.js';
import { defineTool, LIMITS } from '../tool.js';

/** The most matching lines one grep returns, and the longest line it tests (longer ones are cut). */
export const GREP_MAX_HITS = 100;
export const GREP_MAX_LINE_CHARS = 2000;
/** A grep stops scanning after this long and says so. */
export const GREP_DEADLINE_MS = 2000;

interface Hit {
  path: string;
  fileId: number;
  line: number;
  text: string;
}

/** `grep(pattern, glob?)`: lines matching a regular expression, grouped by file. */
export const grepTool = defineTool({
  name: 'grep',
  parameters: ['pattern', 'glob'],
  schema: (docs) =>
    z
      .object({
        pattern: z
          .string()
          .min(1)
          .max(LIMITS.patternChars)
          .describe(docs.pattern ?? ''),
        glob: z
          .string()
          .min(1)
          .max(LIMITS.globChars)
          .optional()
          .describe(docs.glob ?? ''),
      })
      .strict(),
  run: (context, args) => {
    const regex = safeRegex(args.pattern);
    const include = args.glob === undefined ? () => true : globTest(args.glob);
    const hits: Hit[] = [];
    const began = performance.now();
    let stoppedBy: 'hits' | 'time' | null = null;
    let files = 0;
    for (const file of context.reader.eachFile()) {
      if (!include(file.path)) continue;
      files += 1;
      const lines = file.content.split(/\r?\n/);
      for (let i = 0; i < lines.length; i += 1) {
        // The deadline holds inside a large file too.
        if ((i & 255) === 255 && performance.now() - began > GREP_DEADLINE_MS) {
          stoppedBy = 'time';
          break;
        }
        const text =
          lines[i]!.length > GREP_MAX_LINE_CHARS ? lines[i]!.slice(0, GREP_MAX_LINE_CHARS) : lines[i]!;
        if (!regex.test(text)) continue;
        hits.push({ path: file.path, fileId: file.id, line: i + 1, text: text.trim().slice(0, 200) });
        if (hits.length >= GREP_MAX_HITS) break;
      }
      if (hits.length >= GREP_MAX_HITS) stoppedBy = 'hits';
      else if (stoppedBy === null && performance.now() - began > GREP_DEADLINE_MS) stoppedBy = 'time';
      if (stoppedBy !== null) break;
    }
    const out: string[] = [];
    const paths = [...new Set(hits.map((hit) => hit.path))];
    out.push(
      hits.length === 0
        ? `No line matches /${args.pattern}/${args.glob ? ` in ${args.glob}` : ''} (${files} files searched).`
        : `${hits.length} matching lines in ${paths.length} files for /${args.pattern}/${args.glob ? ` in ${args.glob}` : ''}:`,
    );
    let current = '';
    for (const hit of hits) {
      if (hit.path !== current) {
        out.push(hit.path);
        current = hit.path;
      }
      out.push(`  ${hit.line}: ${hit.text}`);
    }
    if (stoppedBy === 'hits')
      out.push(`… stopped at ${GREP_MAX_HITS} matching lines; narrow the pattern or add a glob`);
    if (stoppedBy === 'time')
      out.push(`… stopped after ${GREP_DEADLINE_MS} ms; narrow the pattern or add a glob`);
    const pointers: Pointer[] = [];
    const first = hits[0];
    if (first !== undefined) {
      const symbol = context.reader.symbolAt(first.fileId, first.line);
      pointers.push(
        symbol !== undefined && symbol.kind !== 'section'
          ? { label: 'then', tool: 'get_symbol', args: { target: symbol.qualified, depth: 'source' } }
          : {
              label: 'then',
              tool: 'read_file',
              args: { path: first.path, start: Math.max(1, first.line - 10), end: first.line + 30 },
            },
      );
    }
    return {
      text: out.join('\n'),
      structured: {
        identifiers: [...paths, ...hits.map((hit) => `${hit.path}:${hit.line}`)],
        rows: hits.map((hit) => ({ path: hit.path, start: hit.line, end: hit.line })),
        truncated: stoppedBy,
      },
      pointers,
    };
  },
});
