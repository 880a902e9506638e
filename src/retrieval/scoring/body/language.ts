import { invalidOption } from '../../../core/index.js';
import { BODY_LANGUAGES, type BodyLanguage } from '../types.js';

const BY_EXTENSION: Readonly<Record<string, BodyLanguage>> = {
  py: 'python',
  pyi: 'python',
  pyw: 'python',
  ts: 'javascript',
  tsx: 'javascript',
  mts: 'javascript',
  cts: 'javascript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  go: 'go',
  java: 'c-like',
  c: 'c-like',
  h: 'c-like',
  cc: 'c-like',
  cpp: 'c-like',
  cxx: 'c-like',
  hpp: 'c-like',
  cs: 'c-like',
  kt: 'c-like',
  scala: 'c-like',
  swift: 'c-like',
};

const BY_NAME: Readonly<Record<string, BodyLanguage>> = {
  python: 'python',
  py: 'python',
  typescript: 'javascript',
  ts: 'javascript',
  javascript: 'javascript',
  js: 'javascript',
  go: 'go',
  golang: 'go',
  java: 'c-like',
  c: 'c-like',
  'c++': 'c-like',
  cpp: 'c-like',
  'c#': 'c-like',
  csharp: 'c-like',
  kotlin: 'c-like',
  scala: 'c-like',
  swift: 'c-like',
};

/**
 * The body language a file's extension implies; `undefined` for an extension the tokenizers do
 * not know.
 *
 * @example
 * languageOfPath('pkg/mod.py'); // 'python'
 * languageOfPath('README'); // undefined
 */
export function languageOfPath(path: string | undefined): BodyLanguage | undefined {
  if (path === undefined) return undefined;
  const dot = path.lastIndexOf('.');
  if (dot === -1 || dot < path.lastIndexOf('/')) return undefined;
  return BY_EXTENSION[path.slice(dot + 1).toLowerCase()];
}

/** A language named in task metadata (`python`, `TypeScript`, `golang`, ...); `undefined` when unknown. */
export function languageOfName(name: unknown): BodyLanguage | undefined {
  if (typeof name !== 'string') return undefined;
  const key = name.trim().toLowerCase();
  if ((BODY_LANGUAGES as readonly string[]).includes(key)) return key as BodyLanguage;
  return BY_NAME[key];
}

// A last resort when nothing names the language: the gold body's opening keyword.
export function guessLanguage(body: string): BodyLanguage {
  const head = body.trimStart();
  if (/^(?:@[\w.]+|(?:async\s+)?def\s|class\s+\w+\s*[:(])/.test(head)) return 'python';
  if (/^func[\s(]/.test(head)) return 'go';
  if (/^(?:export|function|async\s+function|const|let|var|class|interface|type)\b/.test(head))
    return 'javascript';
  return 'plain';
}

/** Validates the `language` option; refused by name when unknown. */
export function checkLanguage(language: unknown): BodyLanguage | undefined {
  if (language === undefined) return undefined;
  if ((BODY_LANGUAGES as readonly unknown[]).includes(language)) return language as BodyLanguage;
  throw invalidOption('language', `one of ${BODY_LANGUAGES.map((l) => `'${l}'`).join(', ')}`, language);
}
