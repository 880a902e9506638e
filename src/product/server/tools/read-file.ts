import { z } from 'zod';
import { fileView } from '../file-view.js';
import { defineTool, LIMITS } from '../tool.js';

/** `read_file(path, start?, end?)`: numbered lines of one corpus file. */
export const readFileTool = defineTool({
  name: 'read_file',
  parameters: ['path', 'start', 'end'],
  schema: (docs) =>
    z
      .object({
        path: z
          .string()
          .min(1)
          .max(LIMITS.pathChars)
          .describe(docs.path ?? ''),
        start: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe(docs.start ?? ''),
        end: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe(docs.end ?? ''),
      })
      .strict(),
  run: (context, args) => {
    const view = fileView(
      context.reader,
      args.path,
      args.start,
      args.end,
      context.config.response.max_read_lines,
    );
    return {
      text: view.text,
      structured: { identifiers: view.identifiers, files: [view.record] },
      pointers: view.pointers,
    };
  },
});
