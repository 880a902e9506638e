import type { Language } from '../language.js';
import type { SymbolSpan } from '../pieces/types.js';
import { goUses } from './go-uses.js';
import { pythonUses } from './python-uses.js';
import type { FileUses } from './types.js';
import { typescriptUses } from './typescript-uses.js';

const EXTRACTORS: Partial<
  Record<Language, (lines: readonly string[], symbols: readonly SymbolSpan[]) => FileUses>
> = {
  python: pythonUses,
  typescript: typescriptUses,
  javascript: typescriptUses,
  go: goUses,
};

/**
 * What one file refers to, by its language (Python, TypeScript and JavaScript, Go); nothing for
 * the others.
 *
 * @example
 * fileUses(['import os'], 'python', []).imports[0]?.target; // { language: 'python', module: 'os', level: 0 }
 */
export function fileUses(
  lines: readonly string[],
  language: Language,
  symbols: readonly SymbolSpan[],
): FileUses {
  return EXTRACTORS[language]?.(lines, symbols) ?? { imports: [], uses: [] };
}
