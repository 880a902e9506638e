/** What separates two sub-reads in the text of a batch read (server-filesystem's `read_multiple_files`). */
const SEPARATOR = '\n---\n';

interface SubRead {
  path: string;
  /** Where its header starts and its content starts; `failed` when it printed `path: Error - ...`. */
  at: number;
  body: number;
  failed: boolean;
}

// Each named file's header, in the order asked, each after the one before: `path:` then a newline
// (its content follows), or `path: Error - ` (a failed sub-read). `null` when one is missing.
function headers(text: string, paths: readonly string[]): SubRead[] | null {
  const found: SubRead[] = [];
  let from = 0;
  for (const path of paths) {
    const lineStart = (index: number) => index === 0 || text[index - 1] === '\n';
    let at = -1;
    let failed = false;
    for (
      let index = text.indexOf(`${path}:`, from);
      index !== -1;
      index = text.indexOf(`${path}:`, index + 1)
    ) {
      const after = text.slice(index + path.length + 1);
      if (!lineStart(index)) continue;
      if (after.startsWith('\n') || after === '') at = index;
      else if (after.startsWith(' Error - ')) [at, failed] = [index, true];
      if (at !== -1) break;
    }
    if (at === -1) return null;
    found.push({ path, at, body: at + path.length + 2, failed });
    from = at + path.length + 1;
  }
  return found;
}

/**
 * What a batch read delivered, sub-read by sub-read, when its text prints each file as
 * `path:\n<content>` and a failed one as `path: Error - ...`, separated by `\n---\n`
 * (server-filesystem's `read_multiple_files`): each delivered file and its lines (`a.py`,
 * `a.py:1-2`; an empty file only its path), nothing for a failed sub-read. A `---` line inside a
 * file's content is content: a sub-read ends where the next file's header starts. `null` when the
 * text does not have that shape (the caller reads it another way).
 *
 * @example
 * subReadIdentifiers('a.py:\nx = 1\n\n\n---\nb.py: Error - ENOENT', ['a.py', 'b.py']); // ['a.py', 'a.py:1-1']
 */
export function subReadIdentifiers(text: string, paths: readonly string[]): string[] | null {
  const subReads = headers(text, paths);
  if (subReads === null || subReads.length === 0) return null;
  const identifiers: string[] = [];
  subReads.forEach((sub, index) => {
    if (sub.failed) return;
    const next = subReads[index + 1];
    let end = next === undefined ? text.length : next.at;
    if (next !== undefined && text.slice(end - SEPARATOR.length, end) === SEPARATOR) end -= SEPARATOR.length;
    // The server ends each content with a newline of its own.
    const content = text
      .slice(sub.body, end)
      .replace(/\n$/, '')
      .replace(/\r?\n$/, '');
    identifiers.push(sub.path);
    if (content !== '') identifiers.push(`${sub.path}:1-${content.split(/\r?\n/).length}`);
  });
  return [...new Set(identifiers)];
}
