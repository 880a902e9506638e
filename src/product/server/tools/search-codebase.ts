import { z } from 'zod';
import { KIND_FILTERS } from '../../search/piece-by-id.js';
import { type SearchRow, searchCodebase } from '../../search/search-codebase.js';
import { chunkId, topRowPointers } from '../located-rows.js';
import { defineTool, LIMITS, limitArg, type ToolContext } from '../tool.js';

function location(row: { path: string; start: number; end: number }): string {
  return `${row.path}:${row.start}-${row.end}`;
}

function rowLine(row: SearchRow, rank: number): string {
  const what = row.qualified === null ? row.kind : `${row.kind} ${row.qualified}`;
  return `${rank}. ${location(row)}  ${row.name}  [${what}]`;
}

function detail(context: ToolContext, row: SearchRow): string[] {
  const lines = context.reader.file(row.path)?.lines ?? [];
  const snippet = lines
    .slice(row.start - 1, Math.min(row.end, row.start + 5))
    .map((line) => `     | ${line}`);
  const out = [`     score ${row.score.toFixed(2)}`, ...snippet];
  if (row.more.length > 0) {
    out.push(
      `     also in this file: ${row.more.map((piece) => `${piece.name} (${piece.start}-${piece.end})`).join(', ')}`,
    );
  }
  return out;
}

function rowText(context: ToolContext, row: SearchRow): string {
  return (
    context.reader
      .file(row.path)
      ?.lines.slice(row.start - 1, row.end)
      .join('\n') ?? ''
  );
}

// The first `top_n` rows put in the reranker's order; past its timeout they keep theirs (counted).
async function reranked(
  context: ToolContext,
  query: string,
  rows: SearchRow[],
): Promise<{ rows: SearchRow[]; state: 'applied' | 'timed_out' | null }> {
  const rerank = context.rerank;
  if (rerank === null || rows.length < 2) return { rows, state: null };
  const head = rows.slice(0, rerank.topN);
  const order = await rerank.client.rerank(
    query,
    head.map((row) => `${row.path}\n${rowText(context, row)}`),
  );
  if (order === null) {
    rerank.timeouts++;
    return { rows, state: 'timed_out' };
  }
  return { rows: [...order.map((i) => head[i]!), ...rows.slice(head.length)], state: 'applied' };
}

/** `search_codebase(query, kind?, limit?)`: ranked pieces (or files through their best piece). */
export const searchCodebaseTool = defineTool({
  name: 'search_codebase',
  parameters: ['query', 'kind', 'limit'],
  schema: (docs) =>
    z
      .object({
        query: z
          .string()
          .min(1)
          .max(LIMITS.queryChars)
          .describe(docs.query ?? ''),
        kind: z
          .enum(KIND_FILTERS as [string, ...string[]])
          .optional()
          .describe(docs.kind ?? ''),
        limit: limitArg(docs.limit),
      })
      .strict(),
  run: async (context, args) => {
    const { response } = context.config;
    const limit = Math.min(args.limit ?? response.top_k, response.max_limit);
    const outcome = searchCodebase(context.bundle, context.config, {
      query: args.query,
      kind: args.kind as never,
      limit: context.rerank === null ? limit : Math.max(limit, context.rerank.topN),
      ...(context.dense === null ? {} : { dense: await context.dense(args.query) }),
    });
    const rerank = await reranked(context, args.query, outcome.rows);
    const rows = rerank.rows.slice(0, limit);
    const words = outcome.fellBack ? 'any word, after all words found nothing' : `${outcome.mode} words`;
    const modeNote =
      outcome.hybrid === 'dense' ? 'by meaning' : outcome.hybrid === 'fused' ? `${words} and meaning` : words;
    const lines =
      rows.length === 0
        ? [
            `No results for ${JSON.stringify(args.query)}${args.kind ? ` (kind ${args.kind})` : ''}. Try other or fewer words, or grep for an exact name.`,
          ]
        : [`${rows.length} results for ${JSON.stringify(args.query)} (${modeNote}):`];
    rows.forEach((row, i) => {
      lines.push(rowLine(row, i + 1));
      if (response.format === 'detailed') lines.push(...detail(context, row));
    });
    const structuredRows = rows.map((row) => {
      const base = { path: row.path, start: row.start, end: row.end, name: row.name };
      if (!response.row_text) return base;
      return { ...base, text: rowText(context, row) };
    });
    const identifiers = [...new Set(rows.flatMap((row) => [row.path, chunkId(row)]))];
    return {
      text: lines.join('\n'),
      structured: {
        identifiers,
        rows: structuredRows,
        mode: outcome.mode,
        hybrid: outcome.hybrid,
        ...(context.rerank === null
          ? {}
          : { rerank: rerank.state, rerank_timeouts: context.rerank.timeouts }),
      },
      pointers: topRowPointers(rows),
    };
  },
});
