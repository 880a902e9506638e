import type { z } from 'zod';
import { describeReceived } from './errors.js';

/** A dotted key path as messages name it: `params.thinking.effort`, `turns.2.error.status`. */
export function keyPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = input;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

export interface IssueMessageOptions {
  /** Paths (dotted prefixes) whose received values are never shown, e.g. `auth`. */
  secretPrefixes?: readonly string[];
}

/**
 * One zod issue as a sentence naming the key in backticks: unknown keys by name, other problems
 * with the value received (unless it sits under a secret prefix, where only the type is named).
 *
 * @example
 * issueMessage(issue, input); // "unknown key `params.temprature`"
 */
export function issueMessage(
  issue: z.core.$ZodIssue,
  input: unknown,
  options: IssueMessageOptions = {},
): string {
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => `\`${keyPath([...issue.path, key])}\``).join(', ');
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${names}`;
  }
  const where = keyPath(issue.path);
  const received = valueAt(input, issue.path);
  const secret = (options.secretPrefixes ?? []).some(
    (prefix) => where === prefix || where.startsWith(`${prefix}.`),
  );
  const shown =
    received === undefined
      ? 'nothing'
      : secret
        ? `a ${received === null ? 'null' : Array.isArray(received) ? 'array' : typeof received} (value not shown)`
        : describeReceived(received);
  if (received === undefined && issue.code === 'invalid_type') return `\`${where}\` is required`;
  // zod's own wording minus its prefix and its `received` clause (the value is named below).
  const what =
    issue.code === 'custom'
      ? issue.message
      : issue.code === 'invalid_format'
        ? `expected ${issue.format === 'regex' ? issue.message : `a ${issue.format}`}`
        : issue.message
            .replace(/^(Invalid input|Invalid option|Too small|Too big): /, '')
            .replace(/, received \w+$/, '');
  return `\`${where === '' ? '(root)' : where}\` ${what}, got ${shown}`;
}
