import type { z } from 'zod';
import { describeReceived } from './errors.js';

/** A dotted key path as messages name it: `params.thinking.effort`, `turns.2.error.status`. */
export function keyPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

// A value shaped like a credential (a vendor's key prefix: `sk-`, `ghp_`, `AKIA`...): a key pasted
// under the wrong name, in any file, is refused without being shown.
const CREDENTIAL_LOOKING =
  /(^|[^A-Za-z0-9])(sk|pk|rk|ghp|gho|ghs|hf|xox[abp])[-_][A-Za-z0-9_-]{6,}|(^|[^A-Za-z0-9])(AKIA|AIza)[A-Za-z0-9_-]{12,}/;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = input;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

export interface IssueMessageOptions {
  /** Paths (dotted prefixes) whose received values are never shown, e.g. `auth` (a value shaped
   * like a credential is never shown wherever it is). */
  secretPrefixes?: readonly string[];
  /** A key the paths sit under, named first (`tools` makes `search` read `tools.search`). */
  root?: string;
}

/** One zod issue taken apart: what every refusal names, whatever sentence frames it. */
export interface IssueParts {
  /** The dotted key (`''` at the root), the first unknown key appended for `unrecognized_keys`. */
  key: string;
  /** Every unknown key, dotted, for `unrecognized_keys`; `null` otherwise. */
  unknownKeys: string[] | null;
  /** zod's own message, as zod words it. */
  message: string;
  /** zod's message without its `Invalid input: ` prefix or its `received` clause. */
  expected: string;
  /** The value found at the key, `` `v` (type) ``; only its type under a secret prefix; `nothing` when absent. */
  received: string;
  /** Whether the key holds no value at all. */
  missing: boolean;
}

/**
 * The one reading of a zod issue every refusal is built on: the key by name (unknown keys
 * listed), zod's wording, and the value received (masked under a secret prefix).
 *
 * @example
 * issueParts(issue, { params: { temprature: 1 } }).unknownKeys; // ['params.temprature']
 */
export function issueParts(
  issue: z.core.$ZodIssue,
  input: unknown,
  options: IssueMessageOptions = {},
): IssueParts {
  const prefix = options.root === undefined ? [] : [options.root];
  const dotted = (path: readonly PropertyKey[]) => keyPath([...prefix, ...path]);
  const unknownKeys =
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => dotted([...issue.path, key])) : null;
  const where = keyPath(issue.path);
  const value = valueAt(input, issue.path);
  const secret =
    (options.secretPrefixes ?? []).some(
      (secretPrefix) => where === secretPrefix || where.startsWith(`${secretPrefix}.`),
    ) ||
    (typeof value === 'string' && CREDENTIAL_LOOKING.test(value));
  const received =
    value === undefined
      ? 'nothing'
      : secret
        ? `a ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value} (value not shown)`
        : describeReceived(value);
  const expected =
    issue.code === 'custom'
      ? issue.message
      : issue.code === 'invalid_format'
        ? `expected ${issue.format === 'regex' ? issue.message : `a ${issue.format}`}`
        : issue.message
            .replace(/^(Invalid input|Invalid option|Too small|Too big): /, '')
            .replace(/, received \w+$/, '');
  return {
    key: unknownKeys?.[0] ?? dotted(issue.path),
    unknownKeys,
    message: issue.message,
    expected,
    received,
    missing: value === undefined,
  };
}

/**
 * One zod issue as a sentence naming the key in backticks: unknown keys by name, other problems
 * with the value received (unless it sits under a secret prefix, where only the type is named).
 *
 * @example
 * issueMessage(issue, input); // "unknown key `params.temprature`"
 * issueMessage(issue, input); // "`turns.0.error.status` expected number to be >=400, got `200` (number)"
 */
export function issueMessage(
  issue: z.core.$ZodIssue,
  input: unknown,
  options: IssueMessageOptions = {},
): string {
  const parts = issueParts(issue, input, options);
  if (parts.unknownKeys !== null) return unknownKeysText(parts.unknownKeys);
  if (parts.missing && issue.code === 'invalid_type') return `\`${parts.key}\` is required`;
  return `\`${parts.key === '' ? '(root)' : parts.key}\` ${parts.expected}, got ${parts.received}`;
}

/** `` unknown key `a` `` or `` unknown keys `a`, `b` ``. */
export function unknownKeysText(keys: readonly string[]): string {
  return `unknown key${keys.length > 1 ? 's' : ''} ${keys.map((key) => `\`${key}\``).join(', ')}`;
}

/**
 * Every issue of a refusal, each as zod words it after its key (`` `seq`: Invalid input ``), unknown
 * keys by name; joined by `; `. For messages that name the file (and line) before them.
 *
 * @example
 * describeIssues(error.issues, line); // "`seq`: Invalid input: expected number, received string"
 */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  options: IssueMessageOptions = {},
): string {
  return issues
    .map((issue) => {
      const parts = issueParts(issue, input, options);
      if (parts.unknownKeys !== null) return unknownKeysText(parts.unknownKeys);
      return parts.key === '' ? parts.message : `\`${parts.key}\`: ${parts.message}`;
    })
    .join('; ');
}
