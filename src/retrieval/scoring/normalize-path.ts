import { posix } from 'node:path';

/**
 * The one spelling of a corpus-relative path that gold and items are compared in: backslashes
 * become `/`, `.` segments, duplicate and trailing slashes and a leading `./` go, `a/../b` folds.
 * A leading `/` or `..` is kept (it names another place). Case-folded on request.
 *
 * @example
 * normalizePath('.\\src//app/'); // 'src/app'
 * normalizePath('Src/App.py', { caseInsensitive: true }); // 'src/app.py'
 */
export function normalizePath(path: string, options: { caseInsensitive?: boolean | undefined } = {}): string {
  let out = posix.normalize(path.replaceAll('\\', '/'));
  if (out.length > 1 && out.endsWith('/')) out = out.slice(0, -1);
  if (out === '.') out = '';
  return options.caseInsensitive === true ? out.toLowerCase() : out;
}
