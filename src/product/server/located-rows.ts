import type { Pointer } from './pointers.js';

/** A result row that names a place in the corpus: a piece, a symbol or a file. */
export interface LocatedRow {
  path: string;
  start: number;
  end: number;
  /** The symbol the row is, or null for a block or a file. */
  qualified: string | null;
  kind: string;
}

/**
 * The chunk id of a row: `path#Lstart-Lend`.
 *
 * @example
 * chunkId({ path: 'shop/cart.py', start: 10, end: 41 }); // 'shop/cart.py#L10-L41'
 */
export function chunkId(row: { path: string; start: number; end: number }): string {
  return `${row.path}#L${row.start}-L${row.end}`;
}

/**
 * The follow-up calls a ranked list offers: the symbols among its top three rows in one
 * `get_symbols` call (one `get_symbol` when there is one), and a `read_file` of the first row's
 * lines when it is not a symbol (a block, a markdown section, a file).
 *
 * @example
 * topRowPointers([{ path: 'a.py', start: 3, end: 9, qualified: 'a.f', kind: 'function' }]);
 * // [{ label: 'then', tool: 'get_symbol', args: { target: 'a.f' } }]
 */
export function topRowPointers(rows: readonly LocatedRow[]): Pointer[] {
  const top = rows.slice(0, 3);
  const symbols = [
    ...new Set(
      top.filter((row) => row.qualified !== null && row.kind !== 'section').map((row) => row.qualified!),
    ),
  ];
  const out: Pointer[] = [];
  if (symbols.length > 1) out.push({ label: 'together', tool: 'get_symbols', args: { targets: symbols } });
  else if (symbols.length === 1)
    out.push({ label: 'then', tool: 'get_symbol', args: { target: symbols[0] } });
  const first = rows[0];
  if (first !== undefined && (first.qualified === null || first.kind === 'section')) {
    out.push({
      label: 'then',
      tool: 'read_file',
      args: { path: first.path, start: first.start, end: first.end },
    });
  }
  return out;
}
