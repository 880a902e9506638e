/**
 * A brace language declaration's head: its lines (at most six) up to the `{` that opens the body,
 * joined on one line.
 *
 * @example
 * braceSignature(['export function add(', '  a: number,', '): number {', '  return a;', '}'], 0, 4);
 * // 'export function add( a: number, ): number'
 */
export function braceSignature(lines: readonly string[], from: number, end: number): string {
  const out: string[] = [];
  for (let j = from; j <= Math.min(end, from + 5); j += 1) {
    const text = lines[j]!.trim();
    const brace = text.indexOf('{');
    if (brace >= 0) {
      const head = text.slice(0, brace).trim();
      if (head !== '') out.push(head);
      break;
    }
    out.push(text);
  }
  return out.join(' ').replace(/\s+/g, ' ').trim();
}
