import type { Axis, FreeChecksConfig } from '../config/config-schema.js';
import type { FreeCheckResult } from './free-checks/check-result.js';
import { checkCopiedTaskText, type TaskText } from './free-checks/copied-text-check.js';
import { checkDescriptionLint } from './free-checks/description-lint.js';
import { checkLength } from './free-checks/length-check.js';
import { checkToolSchema } from './free-checks/tool-schema-check.js';

/** Every free check's verdict for one candidate; `pass` only when all passed. */
export interface FreeCheckVerdict {
  pass: boolean;
  checks: FreeCheckResult[];
  /** The failed checks' reasons, joined: what the candidate's record says it was rejected for. */
  reason: string | null;
}

/**
 * The checks a text candidate passes before any paid rollout, at no cost: for `tool_docs`, tool
 * names and input schemas unchanged and the description lint; for every text axis, length within
 * bounds and no copied task text (word n-grams against every question and gold answer of the
 * split, the search and held-out slices both).
 *
 * @example
 * const verdict = runFreeChecks('tool_docs', candidate.text, incumbent.text, tasks, config.free_checks);
 * if (!verdict.pass) console.log(verdict.reason); // "tool_schema: tool `grep` is missing"
 */
export function runFreeChecks(
  axis: Axis,
  candidate: string,
  incumbent: string,
  tasks: readonly TaskText[],
  config: FreeChecksConfig,
): FreeCheckVerdict {
  const checks: FreeCheckResult[] = [];
  if (axis === 'tool_docs') checks.push(checkToolSchema(candidate, incumbent));
  checks.push(checkLength(candidate, incumbent, config.length));
  checks.push(checkCopiedTaskText(candidate, incumbent, tasks, config.ngram));
  if (axis === 'tool_docs' && config.lint !== 'off')
    checks.push(checkDescriptionLint(candidate, incumbent, config.lint));
  const failures = checks.filter((c) => !c.pass);
  return {
    pass: failures.length === 0,
    checks,
    reason: failures.length === 0 ? null : failures.map((c) => `${c.check}: ${c.reason}`).join('; '),
  };
}
