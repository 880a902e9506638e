import { AgentTrackError } from '../../core/index.js';
import type { CorpusReader, SymbolRow } from './corpus-reader.js';

/**
 * Finds the symbol a target names: its exact qualified name first, then a unique symbol whose
 * qualified name ends with the target (`Cart.add_item`, `add_item`, `#rankNotes`). No match or
 * several matches is an AgentTrackError that lists what the agent could ask for instead.
 *
 * @example
 * resolveSymbol(reader, 'Cart.add_item').qualified; // 'shop.cart.Cart.add_item'
 */
export function resolveSymbol(reader: CorpusReader, target: string): SymbolRow {
  const exact = reader.symbolsNamed(target);
  if (exact.length > 0) return exact[0]!;
  const last = target.split(/[.#/]/).pop() ?? target;
  const candidates = reader
    .symbolsWithName(last)
    .filter(
      (row) =>
        row.qualified === target ||
        row.qualified.endsWith(`.${target}`) ||
        row.qualified.endsWith(`#${target}`),
    );
  const distinct = [...new Map(candidates.map((row) => [row.qualified, row])).values()];
  if (distinct.length === 1) return distinct[0]!;
  if (distinct.length > 1) {
    const names = distinct.slice(0, 10).map((row) => row.qualified);
    throw new AgentTrackError(
      'SYMBOL_AMBIGUOUS',
      `The target \`${target}\` names ${distinct.length} symbols; use a qualified name: ${names.map((name) => `\`${name}\``).join(', ')}`,
      { data: { target, candidates: names } },
    );
  }
  const similar = reader.symbolsWithName(last).length === 0 ? nearNames(reader, last) : [];
  throw new AgentTrackError(
    'SYMBOL_NOT_FOUND',
    `No symbol \`${target}\`${similar.length > 0 ? `; similar: ${similar.map((name) => `\`${name}\``).join(', ')}` : ''}. Qualified names look like \`pkg.mod.Class.method\` (Python), \`path/file.ts#name\` (TS/JS), \`pkg.Type.Method\` (Go); search_codebase finds them`,
    { data: { target, similar } },
  );
}

function nearNames(reader: CorpusReader, name: string): string[] {
  const lower = name.toLowerCase();
  if (lower.length < 3) return [];
  const out: string[] = [];
  for (const variant of [name.toLowerCase(), name[0]!.toUpperCase() + name.slice(1)]) {
    for (const row of reader.symbolsWithName(variant))
      if (!out.includes(row.qualified)) out.push(row.qualified);
  }
  return out.slice(0, 5);
}
