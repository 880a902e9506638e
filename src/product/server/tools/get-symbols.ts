import { z } from 'zod';
import { AgentTrackError } from '../../../core/index.js';
import { distinctPointers } from '../pointers.js';
import { resolveSymbol } from '../resolve-symbol.js';
import { symbolView } from '../symbol-view.js';
import { defineTool, LIMITS } from '../tool.js';

/**
 * `get_symbols(targets, depth?)`: several symbols in one call. A target that does not resolve is
 * reported in place; the call fails only when none resolves.
 */
export const getSymbolsTool = defineTool({
  name: 'get_symbols',
  parameters: ['targets', 'depth'],
  schema: (docs) =>
    z
      .object({
        targets: z
          .array(z.string().min(1).max(LIMITS.targetChars))
          .min(1)
          .max(LIMITS.batch)
          .describe(docs.targets ?? ''),
        depth: z
          .enum(['signature', 'source'])
          .optional()
          .describe(docs.depth ?? ''),
      })
      .strict(),
  run: (context, args) => {
    const blocks: string[] = [];
    const identifiers: string[] = [];
    const symbols: Record<string, unknown>[] = [];
    const pointers = [];
    const failures: string[] = [];
    for (const target of [...new Set(args.targets)]) {
      try {
        const symbol = resolveSymbol(context.reader, target);
        const view = symbolView(
          context.reader,
          symbol,
          args.depth ?? 'signature',
          context.config.response.max_read_lines,
        );
        blocks.push(view.text);
        identifiers.push(...view.identifiers);
        symbols.push(view.record);
        pointers.push(...view.pointers);
      } catch (error) {
        if (!(error instanceof AgentTrackError)) throw error;
        failures.push(error.message);
        blocks.push(`${target}: ${error.message}`);
      }
    }
    if (symbols.length === 0) {
      throw new AgentTrackError('SYMBOL_NOT_FOUND', failures.join('\n'), { data: { targets: args.targets } });
    }
    return {
      text: blocks.join('\n\n'),
      structured: { identifiers: [...new Set(identifiers)], symbols },
      pointers: distinctPointers(pointers).slice(0, 3),
    };
  },
});
