import { type FreeCheckResult, failed, passed } from './check-result.js';
import { parseToolDocsText, type ToolDocEntry } from './tool-docs-text.js';

/** What a tool description should say. */
export type LintElement = 'purpose' | 'inputs' | 'outputs' | 'when_to_use';

const OUTPUT_CUES =
  /\b(returns?|returned|shows?|lists?|gives|outputs?|results?|reports?|reported|prints?|yields?)\b/i;
const WHEN_CUES = /\b(use|using|prefer|when|instead|rather than|before|after|only if)\b/i;

/**
 * The elements a tool's doc lacks: `purpose` (a first sentence of at least 4 words), `inputs`
 * (every parameter documented in words), `outputs` (says what comes back: returns, shows, lists,
 * reports, ...), `when_to_use` (use, prefer, when, instead, ...). Cue words are a heuristic.
 *
 * @example
 * lintToolDoc({ description: 'Find lines.', parameters: { pattern: '' }, rest: {} });
 * // ['purpose', 'inputs', 'outputs', 'when_to_use']
 */
export function lintToolDoc(doc: ToolDocEntry): LintElement[] {
  const missing: LintElement[] = [];
  const first = doc.description.trim().split(/(?<=[.!?])\s/)[0] ?? '';
  if ((first.match(/[\p{L}\p{N}_]+/gu) ?? []).length < 4) missing.push('purpose');
  const params = Object.values(doc.parameters);
  if (params.some((p) => typeof p === 'string' && p.trim().length === 0)) missing.push('inputs');
  const all = [doc.description, ...params.filter((p): p is string => typeof p === 'string')].join('\n');
  if (!OUTPUT_CUES.test(all)) missing.push('outputs');
  if (!WHEN_CUES.test(all)) missing.push('when_to_use');
  return missing;
}

/**
 * Lints every tool description of a tool-docs candidate. `strict`: any missing element fails;
 * `no_regression`: only an element the incumbent's doc of that tool had and the candidate lost.
 *
 * @example
 * checkDescriptionLint(candidateYaml, incumbentYaml, 'no_regression');
 * // { check: 'description_lint', pass: false, reason: '`grep` lost: when_to_use' }
 */
export function checkDescriptionLint(
  candidate: string,
  incumbent: string,
  mode: 'strict' | 'no_regression',
): FreeCheckResult {
  const next = parseToolDocsText(candidate);
  if (!next.ok) return failed('description_lint', `the candidate tool docs cannot be read: ${next.reason}`);
  const base = parseToolDocsText(incumbent);
  const problems: string[] = [];
  for (const [name, doc] of Object.entries(next.tools)) {
    let missing = lintToolDoc(doc);
    if (mode === 'no_regression') {
      const before = base.ok && base.tools[name] ? lintToolDoc(base.tools[name]) : [];
      missing = missing.filter((element) => !before.includes(element));
    }
    if (missing.length > 0)
      problems.push(`\`${name}\` ${mode === 'strict' ? 'lacks' : 'lost'}: ${missing.join(', ')}`);
  }
  return problems.length === 0 ? passed('description_lint') : failed('description_lint', problems.join('; '));
}
