import type { ToolDefinition } from '../tool.js';
import type { ToolName } from '../tool-docs.js';
import { getReferencesTool } from './get-references.js';
import { getSymbolTool } from './get-symbol.js';
import { getSymbolsTool } from './get-symbols.js';
import { grepTool } from './grep.js';
import { readFileTool } from './read-file.js';
import { readFilesTool } from './read-files.js';
import { searchCodebaseTool } from './search-codebase.js';

/** Every tool of the reference server, in listing order. */
export const ALL_TOOLS: readonly ToolDefinition[] = [
  searchCodebaseTool,
  getSymbolTool,
  getSymbolsTool,
  readFileTool,
  readFilesTool,
  grepTool,
  getReferencesTool,
] as unknown as readonly ToolDefinition[];

/** Each tool's parameter names, what a tool-docs file must document. */
export function toolParameters(): Record<ToolName, readonly string[]> {
  return Object.fromEntries(ALL_TOOLS.map((tool) => [tool.name, tool.parameters])) as Record<
    ToolName,
    readonly string[]
  >;
}
