import type { BodyLanguage } from '../types.js';
import { cFamilyTokens, GO_PROFILE, JAVASCRIPT_PROFILE } from './c-family-tokens.js';
import { pythonTokens } from './python-tokens.js';

const PLAIN = /[\p{L}\p{N}_$]+|\S/gu;

/**
 * Source text as the token stream body equivalence compares: comments, whitespace and (Python)
 * docstrings dropped, literals kept. `plain` splits words and punctuation and only tolerates
 * whitespace.
 *
 * @example
 * bodyTokens('func Add(a, b int) int { return a + b } // sum', 'go');
 * // ['func', 'Add', '(', 'a', ',', 'b', 'int', ')', 'int', '{', 'return', 'a', '+', 'b', '}']
 */
export function bodyTokens(source: string, language: BodyLanguage): string[] {
  switch (language) {
    case 'python':
      return pythonTokens(source);
    case 'javascript':
      return cFamilyTokens(source, JAVASCRIPT_PROFILE);
    case 'go':
    case 'c-like':
      return cFamilyTokens(source, GO_PROFILE);
    case 'plain':
      return source.match(PLAIN) ?? [];
  }
}
