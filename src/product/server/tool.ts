import { z } from 'zod';
import type { Bundle } from '../bundle/open-bundle.js';
import type { RerankClient } from '../embed/rerank-client.js';
import type { Ranked } from '../search/fuse.js';
import type { ServingConfig } from '../serving/schema.js';
import type { CorpusReader } from './corpus-reader.js';
import type { Pointer } from './pointers.js';
import type { ToolName } from './tool-docs.js';

/** What every tool call can reach: the bundle, the serving config and the corpus reader. */
export interface ToolContext {
  bundle: Bundle;
  config: ServingConfig;
  reader: CorpusReader;
  /** The pieces nearest a query's vector, for `hybrid.mode` dense and fused; `null` for lexical search. */
  dense: ((query: string) => Promise<Ranked[]>) | null;
  /** The rerank step and how many of its calls timed out so far; `null` without one. */
  rerank: { client: RerankClient; topN: number; timeouts: number } | null;
}

/** What a tool returns before rendering: its text, its structured content and its pointers. */
export interface ToolOutput {
  text: string;
  structured: { identifiers: string[] } & Record<string, unknown>;
  pointers: Pointer[];
}

/**
 * One tool of the reference server: its input schema (built with the parameter docs, so they
 * reach the JSON schema agents see) and the function that answers a validated call.
 */
export interface ToolDefinition<Schema extends z.ZodObject = z.ZodObject> {
  name: ToolName;
  parameters: readonly string[];
  schema: (docs: Record<string, string>) => Schema;
  run: (context: ToolContext, args: z.infer<Schema>) => ToolOutput | Promise<ToolOutput>;
}

/** Input limits every tool enforces through its schema: a huge input is refused, not processed. */
export const LIMITS = {
  queryChars: 1000,
  pathChars: 1024,
  targetChars: 512,
  batch: 20,
  patternChars: 300,
  globChars: 200,
  rows: 200,
} as const;

/** The `target` argument of the tools that name one symbol (`get_symbol`, `get_references`). */
export const targetArg = (description: string | undefined) =>
  z
    .string()
    .min(1)
    .max(LIMITS.targetChars)
    .describe(description ?? '');

/** The optional `limit` argument of the tools that return ranked rows. */
export const limitArg = (description: string | undefined) =>
  z
    .number()
    .int()
    .min(1)
    .max(LIMITS.rows)
    .optional()
    .describe(description ?? '');

/** Declares a tool with its schema type kept (a plain object literal would widen it). */
export function defineTool<Schema extends z.ZodObject>(tool: ToolDefinition<Schema>): ToolDefinition<Schema> {
  return tool;
}
