import { AgentTrackError } from '../../core/index.js';

/**
 * Compiles a grep pattern, refusing what could run for exponential time in a backtracking engine:
 * a quantified group that itself contains a quantifier (`(a+)+`, `(\w*)*`, `(x{2,})+`) and
 * backreferences. The pattern is otherwise JavaScript regex syntax; a bad one is refused with the
 * engine's message.
 *
 * @example
 * safeRegex('def \\w+\\(').test('def main('); // true
 * safeRegex('(a+)+$'); // throws UNSAFE_PATTERN
 */
export function safeRegex(pattern: string): RegExp {
  if (/\\[1-9]|\\k</.test(pattern)) throw unsafe(pattern, 'backreferences are not supported');
  const stack: { quantified: boolean }[] = [];
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
    else if (ch === '(') stack.push({ quantified: false });
    else if (ch === ')') {
      const group = stack.pop();
      const next = pattern[i + 1];
      const repeated = next === '*' || next === '+' || (next === '{' && /^\{\d*,/.test(pattern.slice(i + 1)));
      if (group?.quantified && repeated) throw unsafe(pattern, 'a repeated group contains a repetition');
      if (group?.quantified && stack.length > 0) stack[stack.length - 1]!.quantified = true;
      if (repeated && stack.length > 0) stack[stack.length - 1]!.quantified = true;
    } else if ((ch === '*' || ch === '+' || ch === '{') && stack.length > 0)
      stack[stack.length - 1]!.quantified = true;
  }
  try {
    return new RegExp(pattern);
  } catch (error) {
    throw new AgentTrackError(
      'INVALID_PATTERN',
      `The pattern \`${pattern}\` is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`,
      { data: { pattern }, cause: error },
    );
  }
}

function unsafe(pattern: string, why: string): AgentTrackError {
  return new AgentTrackError('UNSAFE_PATTERN', `The pattern \`${pattern}\` is refused: ${why}`, {
    data: { pattern },
  });
}
