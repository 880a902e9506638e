/**
 * The shape of a file path, for when no corpus is known to check a candidate against (a transcript
 * scored away from the machine it ran on, the offline policy reading a result). A shape can only
 * exclude what is surely not a file: URLs, dates and timestamps, times, versions, numbers, and any
 * `x:12` (a colon is never part of a path but for a drive letter). Where the corpus is known it
 * decides instead (`path-rule.ts`).
 */

/** Where a candidate was read: how much its place already says it is a path. */
export type PathPlace =
  /** A token inside prose: needs a directory and an extension, or a known source extension. */
  | 'token'
  /** A whole line of a result: needs an extension (a directory a listing prints is no file). */
  | 'line'
  /** The value of a path-like key (a JSON `path`, an argument `file_path`): any file-name shape. */
  | 'value';

const URL = /^[a-z][a-z0-9+.-]*:\/\//i;
const DRIVE = /^[A-Za-z]:[\\/]/;
// ISO dates and timestamps (`2026-12-04`, `2026-12-04T20:06:17.217Z`), and slashed dates (`12/04/2026`).
const DATE = /^\d{4}-\d{1,2}-\d{1,2}(?:$|[T\s_])|^\d{1,2}\/\d{1,2}\/\d{2,4}$/;
const TIME = /^\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?$/;
// `1.2.3`, `v2.0`, `1.2.3-beta.1`, `3.14`: dotted numbers, however tagged.
const VERSION = /^v?\d+(?:\.\d+)+(?:[-+][\w.-]*)?$/;
const NUMBER = /^[+-]?\d+(?:[.,]\d+)*%?$/;
const EXTENSION = /[^/\\]\.[A-Za-z][A-Za-z0-9_+-]{0,15}$/;

/** Source and document extensions a bare file name in prose is believed by. */
export const SOURCE_EXTENSIONS =
  'py|pyi|ts|tsx|js|jsx|mjs|cjs|go|rs|java|kt|scala|c|h|cc|cpp|hpp|cs|rb|php|swift|m|md|rst|txt|json|yaml|yml|toml|ini|cfg|sh|sql|html|css|vue';
const KNOWN = new RegExp(`\\.(?:${SOURCE_EXTENSIONS})$`);

/**
 * Whether `candidate` is shaped like a file path, read at `place`. Never: a URL, a date or
 * timestamp, a time, a version, a number, anything holding a colon (but a drive letter's), white
 * space outside an absolute path. A `token` also needs a directory and an extension or a known
 * source extension; a `line` an extension (without the corpus to ask, `/repo/shop` is taken for a
 * directory and `/repo/Makefile` is missed).
 *
 * @example
 * isPathLike('src/cart.py'); // true
 * isPathLike('2026-12-04T20:06:17.217Z'); // false
 * isPathLike('1.2.3'); // false
 * isPathLike('/tmp/tmp.x1y2/agent track/a.py', 'line'); // true
 */
export function isPathLike(candidate: string, place: PathPlace = 'token'): boolean {
  if (candidate === '' || candidate.length > 4096 || /[\n\r\t\0]/.test(candidate)) return false;
  if (URL.test(candidate)) return false;
  const drive = DRIVE.test(candidate);
  const rest = drive ? candidate.slice(2) : candidate;
  if (rest.includes(':')) return false;
  const absolute = drive || candidate.startsWith('/') || candidate.startsWith('~/');
  if (/\s/.test(candidate) && (place === 'token' || !absolute)) return false;
  const base = rest.split(/[/\\]/).at(-1) ?? '';
  for (const piece of [candidate, base])
    if (DATE.test(piece) || TIME.test(piece) || VERSION.test(piece) || NUMBER.test(piece)) return false;
  if (!/[A-Za-z_]/.test(candidate)) return false;
  const directory = /[/\\]/.test(rest) && base !== '';
  // `x` before the name so a dotfile (`.env`) has its extension too.
  const extension = EXTENSION.test(`x${base}`);
  if (place === 'value') return base !== '' || absolute;
  if (place === 'line') return extension;
  return (directory && extension) || KNOWN.test(base);
}
