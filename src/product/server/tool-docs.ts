import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AgentTrackError, issueParts, readYamlFile } from '../../core/index.js';

/** The tools of the reference server, in the order they are listed. */
export const TOOL_NAMES = [
  'search_codebase',
  'get_symbol',
  'get_symbols',
  'read_file',
  'read_files',
  'grep',
  'get_references',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

const ToolDocSchema = z
  .object({
    description: z.string().min(1),
    parameters: z.record(z.string(), z.string().min(1)),
  })
  .strict();

/** `configs/product/tool_docs.yaml`: what an agent reads about each tool and each parameter. */
export const ToolDocsSchema = z
  .object(
    Object.fromEntries(TOOL_NAMES.map((name) => [name, ToolDocSchema])) as Record<
      ToolName,
      typeof ToolDocSchema
    >,
  )
  .strict();

export type ToolDocs = z.infer<typeof ToolDocsSchema>;

/** The tool docs shipped with this package (`configs/product/tool_docs.yaml`, from src/ or dist/). */
export const DEFAULT_TOOL_DOCS = fileURLToPath(
  new URL('../../../configs/product/tool_docs.yaml', import.meta.url),
);

/**
 * Reads and validates a tool-docs file: every tool documented, no unknown tool, each parameter of
 * each tool documented and no other (`parameters` are checked against the tools' schemas).
 *
 * @example
 * loadToolDocs('configs/product/tool_docs.yaml').search_codebase.description;
 */
export function loadToolDocs(
  file: string = DEFAULT_TOOL_DOCS,
  parameters?: Record<ToolName, readonly string[]>,
): ToolDocs {
  const parsed = ToolDocsSchema.safeParse(readYamlFile(file, 'tool docs'));
  if (!parsed.success) {
    const { key, unknownKeys, message } = issueParts(parsed.error.issues[0]!, undefined);
    const what = unknownKeys !== null ? 'Unknown key' : `Invalid value (${message}) for`;
    throw new AgentTrackError('INVALID_TOOL_DOCS', `${what} \`${key}\` in \`${file}\``, {
      data: { file, key },
    });
  }
  if (parameters) {
    for (const tool of TOOL_NAMES) {
      const documented = Object.keys(parsed.data[tool].parameters);
      const unknown = documented.find((name) => !parameters[tool].includes(name));
      const missing = parameters[tool].find((name) => !documented.includes(name));
      if (unknown !== undefined || missing !== undefined) {
        const key = `${tool}.parameters.${unknown ?? missing}`;
        throw new AgentTrackError(
          'INVALID_TOOL_DOCS',
          `${unknown !== undefined ? 'Unknown parameter' : 'Undocumented parameter'} \`${key}\` in \`${file}\``,
          { data: { file, key } },
        );
      }
    }
  }
  return parsed.data;
}
