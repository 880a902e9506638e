import { checkCaseOption } from './gold.js';
import { normalizePath } from './normalize-path.js';
import type { RankedItem } from './types.js';

/**
 * The files of a ranked list, each once, in order of first appearance: what the file-level
 * metrics score. Items without a `path` are skipped; paths compare normalized (and case-folded on
 * request) and keep the spelling of their first appearance.
 *
 * @example
 * distinctFiles([{ path: 'a.py', name: 'f' }, { path: 'b.py' }, { path: './a.py', name: 'g' }]);
 * // [{ path: 'a.py' }, { path: 'b.py' }]
 */
export function distinctFiles(
  items: readonly RankedItem[],
  options: { caseInsensitivePaths?: boolean | undefined } = {},
): { path: string }[] {
  const caseInsensitive = checkCaseOption(options.caseInsensitivePaths);
  const seen = new Set<string>();
  const files: { path: string }[] = [];
  for (const item of items) {
    if (item.path === undefined) continue;
    const key = normalizePath(item.path, { caseInsensitive });
    if (seen.has(key)) continue;
    seen.add(key);
    files.push({ path: item.path });
  }
  return files;
}
