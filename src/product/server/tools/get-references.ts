import { z } from 'zod';
import { AgentTrackError } from '../../../core/index.js';
import { REFERENCE_DIRECTIONS } from '../../serving/schema.js';
import { chunkId, topRowPointers } from '../located-rows.js';
import { type ReferenceEnd, referencesOf } from '../reference-query.js';
import { resolveSymbol } from '../resolve-symbol.js';
import { defineTool, limitArg, targetArg } from '../tool.js';

const NOUNS = { caller: 'callers', callee: 'callees', base: 'bases', subclass: 'subclasses' } as const;

function endLine(end: ReferenceEnd, rank: number, labelled: boolean): string {
  const what = end.qualified === null ? `(${end.kind})` : `${end.qualified} (${end.kind})`;
  const shared = end.candidates > 1 ? `, one of ${end.candidates} symbols named ${end.written}` : '';
  return `${rank}. ${labelled ? `${end.relation}  ` : ''}${end.path}:${end.start}-${end.end} ${what}  ${end.reference} at ${end.site}${shared}`;
}

/**
 * `get_references(target, direction, limit?)`: who calls or imports a symbol, what it calls or
 * imports, or its bases and subclasses, from the index's reference graph (lexical: by name,
 * narrowed through imports and scope; a shared name keeps every candidate, marked).
 */
export const getReferencesTool = defineTool({
  name: 'get_references',
  parameters: ['target', 'direction', 'limit'],
  schema: (docs) =>
    z
      .object({
        target: targetArg(docs.target),
        direction: z
          .enum(REFERENCE_DIRECTIONS, {
            error: (issue) =>
              `Unknown direction \`${String(issue.input)}\`: expected one of ${REFERENCE_DIRECTIONS.map((d) => `\`${d}\``).join(', ')}`,
          })
          .describe(docs.direction ?? ''),
        limit: limitArg(docs.limit),
      })
      .strict(),
  run: (context, args) => {
    if (!context.bundle.manifest.ingestion.references) {
      throw new AgentTrackError(
        'REFERENCES_NOT_INDEXED',
        `This index was built without references (\`ingestion.references: false\`), so \`get_references\` has nothing to answer from`,
        { data: { workspace: context.bundle.workspace } },
      );
    }
    const symbol = resolveSymbol(context.reader, args.target);
    const { response } = context.config;
    const limit = Math.min(args.limit ?? response.top_k, response.max_limit);
    const { ends, unresolved } = referencesOf(context.bundle, symbol, args.direction);
    const shown = ends.slice(0, limit);
    const subject = `${symbol.qualified} (${symbol.kind}) ${symbol.path}:${symbol.start}-${symbol.end}`;
    const counts = (Object.keys(NOUNS) as ReferenceEnd['relation'][]).flatMap((relation) => {
      const count = ends.filter((end) => end.relation === relation).length;
      return count === 0 ? [] : [`${count} ${count === 1 ? relation : NOUNS[relation]}`];
    });
    const lines = [
      ends.length === 0
        ? `No ${args.direction === 'inherits' ? 'bases or subclasses' : args.direction} of ${subject} in the index${unresolved.length > 0 ? ' resolved to a symbol' : ''}.`
        : `${counts.join(' and ')} of ${subject}${shown.length < ends.length ? ` (showing ${shown.length})` : ''}:`,
      ...shown.map((end, i) => endLine(end, i + 1, args.direction === 'inherits')),
      ...unresolved.map(
        (name) =>
          `${name.reference} \`${name.name}\` at ${name.site}: a name ${name.candidates} symbols share, left unresolved`,
      ),
    ];
    return {
      text: lines.join('\n'),
      structured: {
        identifiers: [...new Set(shown.flatMap((end) => [end.path, chunkId(end)]))],
        target: symbol.qualified,
        direction: args.direction,
        rows: shown,
        unresolved,
        total: ends.length,
      },
      pointers: topRowPointers(shown),
    };
  },
});
