import { maskCLike } from '../code-mask/c-like.js';
import type { SymbolSpan } from '../pieces/types.js';
import { baseUses } from './base-names.js';
import { callUses } from './call-uses.js';
import type { FileUses, ImportUse } from './types.js';

const STATEMENT_START = /^\s*(?:import|export)\b/;
const FROM = /\bfrom\s*(['"])([^'"]+)\1/;
const BARE_IMPORT = /^\s*import\s*(['"])([^'"]+)\1/;
const REQUIRE = /\b(?:require|import)\s*\(\s*(['"])([^'"]+)\1\s*\)/g;
const CLASS_HEAD = /\bclass(?:\s+[A-Za-z_$][\w$]*)?(?:\s*<[^{]*?>)?\s+(extends|implements)\s+([^{]*)/;
const INTERFACE_HEAD = /\binterface\s+[A-Za-z_$][\w$]*(?:\s*<[^{]*?>)?\s+extends\s+([^{]*)/;
const TYPE_ONLY = /^(?:export\s+)?(?:declare\s+)?(?:interface|type)\b/;

/** `{ a, b as c, type d }` as names with their local aliases. */
function namedImports(list: string): { name: string; alias: string }[] {
  return list
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/),
    )
    .filter(([name]) => name !== undefined && /^[A-Za-z_$][\w$]*$/.test(name))
    .map(([name, alias]) => ({ name: name!, alias: alias?.trim() || name! }));
}

/** One `import ... from`, `export ... from` or side-effect import starting at line `i` (0-based). */
function staticImport(lines: readonly string[], code: readonly string[], i: number): ImportUse | null {
  let raw = '';
  for (let j = i; j < Math.min(lines.length, i + 40); j += 1) {
    // A new top-level line that is not the clause's end (`} from '...'`) is another statement.
    if (j > i && /^[^\s}]/.test(code[j]!) && !/^from\b/.test(code[j]!)) return null;
    raw += ` ${lines[j]}`;
    const bare = j === i ? BARE_IMPORT.exec(lines[j]!) : null;
    if (bare)
      return { line: i + 1, target: { language: 'path', specifier: bare[2]! }, names: [], binds: null };
    const from = FROM.exec(raw);
    if (from) {
      const clause = raw.slice(0, from.index).replace(/^\s*(?:import|export)\s+(?:type\s+)?/, '');
      const braces = /\{([^}]*)\}/.exec(clause);
      const star = /\*\s+as\s+([A-Za-z_$][\w$]*)/.exec(clause);
      const reexportsAll = /^\s*\*\s*$/.test(clause);
      return {
        line: i + 1,
        target: { language: 'path', specifier: from[2]! },
        names: braces ? namedImports(braces[1]!) : [],
        binds: star ? star[1]! : null,
        ...(reexportsAll ? { reexportsAll } : {}),
      };
    }
    // A statement that ended without `from` (`export const x = 1;`) imports nothing.
    if (/[;}]\s*$/.test(code[j]!) && !/\{\s*$/.test(code[j]!)) return null;
  }
  return null;
}

function importsOf(lines: readonly string[], code: readonly string[]): ImportUse[] {
  const out: ImportUse[] = [];
  code.forEach((text, i) => {
    if (STATEMENT_START.test(text)) {
      const found = staticImport(lines, code, i);
      if (found) out.push(found);
    }
    if (!text.includes('require') && !text.includes('import')) return;
    for (const match of lines[i]!.matchAll(REQUIRE)) {
      // The call must be code, not text inside a literal or a comment.
      if (!/\b(?:require|import)\s*\($/.test(text.slice(0, match.index + match[0].indexOf('(') + 1)))
        continue;
      const binding = /(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*$/.exec(text.slice(0, match.index));
      out.push({
        line: i + 1,
        target: { language: 'path', specifier: match[2]! },
        names: [],
        binds: binding ? binding[1]! : null,
      });
    }
  });
  return out;
}

/**
 * What a TypeScript or JavaScript file refers to: its imports (`import ... from`, `export ...
 * from`, `require(...)`, `import(...)`), what its classes extend and implement and its interfaces
 * extend, and its calls (`this` reaches the enclosing class; interface and type bodies hold none).
 *
 * @example
 * typescriptUses(["const slug = require('./util/slugify.js');"], []).imports[0];
 * // { line: 1, target: { language: 'path', specifier: './util/slugify.js' }, names: [], binds: 'slug' }
 */
export function typescriptUses(lines: readonly string[], symbols: readonly SymbolSpan[]): FileUses {
  const { code } = maskCLike(lines);
  const skipLines = new Set<number>();
  for (const symbol of symbols)
    if (TYPE_ONLY.test(symbol.signature))
      for (let line = symbol.start; line <= symbol.end; line += 1) skipLines.add(line);
  const uses = callUses(code, symbols, { selfNames: () => ['this'], skipLines });
  code.forEach((text, i) => {
    if (!/\b(?:class|interface)\b/.test(text)) return;
    const head = [text, code[i + 1] ?? '', code[i + 2] ?? ''].join(' ').split('{')[0]!;
    const cls = CLASS_HEAD.exec(head);
    if (cls) {
      for (const clause of `${cls[1]} ${cls[2]}`.split(/\b(?=extends\b|implements\b)/)) {
        const list = clause.replace(/^\s*(?:extends|implements)\s+/, '');
        uses.push(...baseUses(list, i + 1));
      }
      return;
    }
    const iface = INTERFACE_HEAD.exec(head);
    if (iface) uses.push(...baseUses(iface[1]!, i + 1));
  });
  return { imports: importsOf(lines, code), uses };
}
