import { z } from 'zod';
import { AgentTrackError } from '../../../core/index.js';
import { confinePath } from '../confine-path.js';
import { fileView } from '../file-view.js';
import type { Pointer } from '../pointers.js';
import { defineTool, LIMITS } from '../tool.js';

/**
 * `read_files(paths)`: several whole files in one call, each up to the line cap. A path that
 * fails is reported in place; the call fails only when every path does.
 */
export const readFilesTool = defineTool({
  name: 'read_files',
  parameters: ['paths'],
  schema: (docs) =>
    z
      .object({
        paths: z
          .array(z.string().min(1).max(LIMITS.pathChars))
          .min(1)
          .max(LIMITS.batch)
          .describe(docs.paths ?? ''),
      })
      .strict(),
  run: (context, args) => {
    // A path outside the corpus refuses the whole call, before anything is read.
    for (const path of args.paths) confinePath(path);
    const blocks: string[] = [];
    const identifiers: string[] = [];
    const files = [];
    const pointers: Pointer[] = [];
    const failures: string[] = [];
    for (const path of [...new Set(args.paths)]) {
      try {
        const view = fileView(
          context.reader,
          path,
          undefined,
          undefined,
          context.config.response.max_read_lines,
        );
        blocks.push(view.text);
        identifiers.push(...view.identifiers);
        files.push(view.record);
        pointers.push(...view.pointers);
      } catch (error) {
        if (!(error instanceof AgentTrackError)) throw error;
        failures.push(error.message);
        blocks.push(`${path}: ${error.message}`);
      }
    }
    if (files.length === 0)
      throw new AgentTrackError(
        failures.length === 1 ? 'FILE_NOT_FOUND' : 'FILES_NOT_FOUND',
        failures.join('\n'),
        { data: { paths: args.paths } },
      );
    return {
      text: blocks.join('\n\n'),
      structured: { identifiers: [...new Set(identifiers)], files },
      pointers: pointers.slice(0, 3),
    };
  },
});
