import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { AgentTrackError } from '../../core/index.js';

/** A run file's JSON, or `VIEWER_NOT_A_RUN` naming the file and why it cannot be read. */
function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AgentTrackError('VIEWER_NOT_A_RUN', `\`${file}\` cannot be read as JSON: ${String(error)}`, {
      data: { file },
    });
  }
}

/**
 * A run file read and checked against the schema of what a page reads from it, or
 * `VIEWER_NOT_A_RUN` naming the file, what it should be and the first key that is wrong.
 *
 * @example
 * readRunFile('runs/opt/result.json', optimizeResultViewSchema, 'an optimize result');
 */
export function readRunFile<T extends z.ZodType>(file: string, schema: T, what: string): z.infer<T> {
  const parsed = schema.safeParse(readJsonFile(file));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AgentTrackError(
    'VIEWER_NOT_A_RUN',
    `\`${file}\` is not ${what}: ${issue?.path.join('.') || 'the file'}: ${issue?.message}`,
    { data: { file } },
  );
}
