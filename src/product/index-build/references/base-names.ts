import type { NameUse } from './types.js';

/**
 * The bases in a list such as `Base, mod.Mixin, Generic[T], metaclass=Meta` or
 * `Base<T>, Other`: split at top-level commas, keyword arguments dropped, type arguments cut off,
 * a dotted name reached through its receiver.
 *
 * @example
 * baseUses('models.Model, Generic[T], metaclass=Meta', 3);
 * // [{ kind: 'inherits', name: 'Model', line: 3, via: 'member', receiver: 'models' }, { kind: 'inherits', name: 'Generic', line: 3, via: 'bare', receiver: null }]
 */
export function baseUses(list: string, line: number): NameUse[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if ('([{<'.includes(ch)) depth += 1;
    else if (')]}>'.includes(ch)) depth -= 1;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else if (depth === 0 && !')]}>'.includes(ch)) current += ch;
  }
  parts.push(current);
  const out: NameUse[] = [];
  for (const part of parts) {
    const chain = part.trim();
    if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(chain)) continue;
    const dot = chain.lastIndexOf('.');
    out.push(
      dot < 0
        ? { kind: 'inherits', name: chain, line, via: 'bare', receiver: null }
        : {
            kind: 'inherits',
            name: chain.slice(dot + 1),
            line,
            via: 'member',
            receiver: chain.slice(0, dot),
          },
    );
  }
  return out;
}
