import { z } from 'zod';
import { resolveSymbol } from '../resolve-symbol.js';
import { symbolView } from '../symbol-view.js';
import { defineTool, targetArg } from '../tool.js';

/** `get_symbol(target, depth?)`: one symbol by qualified name, its signature or its source. */
export const getSymbolTool = defineTool({
  name: 'get_symbol',
  parameters: ['target', 'depth'],
  schema: (docs) =>
    z
      .object({
        target: targetArg(docs.target),
        depth: z
          .enum(['signature', 'source'])
          .optional()
          .describe(docs.depth ?? ''),
      })
      .strict(),
  run: (context, args) => {
    const symbol = resolveSymbol(context.reader, args.target);
    const view = symbolView(
      context.reader,
      symbol,
      args.depth ?? 'signature',
      context.config.response.max_read_lines,
    );
    return {
      text: view.text,
      structured: { identifiers: view.identifiers, symbols: [view.record] },
      pointers: view.pointers,
    };
  },
});
