import { AgentTrackError } from '../../core/index.js';
import { enableLinearRegExp } from './linear-regexp.js';

// Enabled once, for `l` patterns only.
enableLinearRegExp();

/**
 * Compiles a grep pattern so that no pattern can freeze the server. It runs on V8's linear-time
 * engine (the `l` flag) when that engine takes it: matching is then linear in the line, however
 * the pattern would backtrack elsewhere (`(a+)+$`, `(=|=)*x`). That engine refuses large counted
 * repetitions (`\w{1,20}`, `x{100}`); such a pattern runs on the backtracking engine only when no
 * repeated group holds a repetition or an alternation (the shapes that backtrack exponentially),
 * so its time stays polynomial in the line. Backreferences and lookaround are refused
 * (`UNSAFE_PATTERN`); a pattern that is not a regular expression as `INVALID_PATTERN`.
 *
 * @example
 * safeRegex('def \\w+\\(').test('def main('); // true
 * safeRegex('(x)\\1'); // throws UNSAFE_PATTERN
 */
export function safeRegex(pattern: string): RegExp {
  try {
    new RegExp(pattern);
  } catch (error) {
    throw new AgentTrackError(
      'INVALID_PATTERN',
      `The pattern \`${pattern}\` is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`,
      { data: { pattern }, cause: error },
    );
  }
  try {
    return new RegExp(pattern, 'l');
  } catch {
    // Not linear as written: a large counted repetition, a backreference or lookaround.
  }
  if (/\\[1-9]|\\k<|\(\?<?[=!]/.test(pattern))
    throw unsafe(pattern, 'backreferences and lookaround are not supported');
  if (repeatedGroupBacktracks(pattern))
    throw unsafe(pattern, 'a repeated group holds a repetition or an alternation');
  return new RegExp(pattern);
}

/** Whether a quantified group holds a quantifier or a `|` (`(a+)+`, `(x|y)*`, `(\w{2,})+`). */
function repeatedGroupBacktracks(pattern: string): boolean {
  const stack: { risky: boolean }[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      i += 1;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') stack.push({ risky: false });
    else if (ch === ')') {
      const group = stack.pop();
      const next = pattern[i + 1];
      const repeated = next === '*' || next === '+' || next === '{';
      if (group?.risky && repeated) return true;
      if ((group?.risky || repeated) && stack.length > 0) stack[stack.length - 1]!.risky = true;
    } else if ((ch === '*' || ch === '+' || ch === '{' || ch === '|') && stack.length > 0)
      stack[stack.length - 1]!.risky = true;
  }
  return false;
}

function unsafe(pattern: string, why: string): AgentTrackError {
  return new AgentTrackError('UNSAFE_PATTERN', `The pattern \`${pattern}\` is refused: ${why}`, {
    data: { pattern },
  });
}
