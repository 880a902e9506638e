import { declarationEnd, depthAtLineEnds, depthAtLineStarts, withLeadingComments } from './brace-depth.js';
import { braceSignature as signatureOf } from './signature.js';
import type { CutContext, SymbolSpan } from './types.js';

const FUNC = /^func\s+(?:\(\s*(?:[A-Za-z_]\w*\s+)?\*?\s*([A-Za-z_]\w*)[^)]*\)\s*)?([A-Za-z_]\w*)/;
const TYPE = /^type\s+([A-Za-z_]\w*)\s+(struct|interface)?/;
const VALUE = /^(?:var|const)\s+([A-Za-z_]\w*)/;

/**
 * Go declarations at the top level: functions, methods (qualified through their receiver type),
 * types, and single vars and consts. Qualified names are `package.Name` and `package.Type.Method`.
 *
 * @example
 * cutGo(['package store', '', 'func Open(path string) (*DB, error) {', '\treturn nil, nil', '}'], { path: 'store/db.go' });
 * // [{ kind: 'function', name: 'Open', qualified: 'store.Open', start: 3, end: 5, ... }]
 */
export function cutGo(lines: readonly string[], context: CutContext): SymbolSpan[] {
  const ends = depthAtLineEnds(lines);
  const starts = depthAtLineStarts(ends);
  const packageLine = lines.find((line) => /^package\s+\w+/.test(line));
  const pkg = packageLine?.split(/\s+/)[1] ?? context.path.split('/').slice(-2, -1)[0] ?? 'main';
  const out: SymbolSpan[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (starts[i] !== 0) continue;
    const line = lines[i]!;
    const func = FUNC.exec(line);
    const type = func ? null : TYPE.exec(line);
    const value = func || type ? null : VALUE.exec(line);
    if (!func && !type && !value) continue;
    const end = declarationEnd(lines, ends, i, 0);
    const start = withLeadingComments(lines, i);
    const base = { start: start + 1, end: end + 1, signature: signatureOf(lines, i, end) };
    if (func) {
      const receiver = func[1];
      const name = func[2]!;
      out.push(
        receiver
          ? {
              kind: 'method',
              name,
              qualified: `${pkg}.${receiver}.${name}`,
              parent: `${pkg}.${receiver}`,
              ...base,
            }
          : { kind: 'function', name, qualified: `${pkg}.${name}`, ...base },
      );
    } else if (type) {
      out.push({
        kind: type[2] === 'struct' || type[2] === 'interface' ? 'class' : 'type',
        name: type[1]!,
        qualified: `${pkg}.${type[1]}`,
        ...base,
      });
    } else if (value) {
      out.push({ kind: 'variable', name: value[1]!, qualified: `${pkg}.${value[1]}`, ...base });
    }
    i = end;
  }
  return out;
}
