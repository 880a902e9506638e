/** The arguments a write names its file(s) under (Claude Code's editors, the filesystem servers' tools). */
const WRITE_TARGET_ARGS = ['file_path', 'path', 'notebook_path', 'source', 'destination'];

/**
 * The files a write call changed, as its arguments name them (`move_file` changes its `source`
 * and its `destination`).
 *
 * @example
 * writtenFiles({ file_path: '/repo/src/a.py', old_string: 'x' }); // ['/repo/src/a.py']
 */
export function writtenFiles(args: Record<string, unknown>): string[] {
  return WRITE_TARGET_ARGS.map((key) => args[key]).filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
}

// The file an identifier is about: `a.py:1-40`, `a.py:14` and `a.py#L1-L9` are about `a.py`.
const fileOf = (id: string) => id.replace(/#.*$/, '').replace(/:\d+(?:-\d+)?$/, '');
const bare = (path: string) => path.replace(/^(?:\.\/)+/, '');

/**
 * What a run has been shown so far, by identifier, so that a write can make a file's sightings
 * stale. A write names its file as the agent gave it (often absolute) while identifiers are in the
 * corpus's namespace (relative), so a written path matches a seen file it equals or ends with (at a
 * `/`); of several, only the longest (`/r/sub/a.py` is `sub/a.py`, not `a.py`). Identifiers are
 * grouped by file only when a write asks: writes are rare, sightings are not.
 *
 * @example
 * const seen = new Sightings();
 * seen.add('src/a.py:1-40'); // true: new
 * seen.add('src/a.py:1-40'); // false: seen before
 * seen.forget('/repo/src/a.py');
 * seen.add('src/a.py:1-40'); // true: the write made it stale
 */
export class Sightings {
  readonly #ids = new Set<string>();

  /** Remembers a sighting; `true` when it is new (one lookup for the check and the remembering). */
  add(id: string): boolean {
    const before = this.#ids.size;
    return this.#ids.add(id).size > before;
  }

  /** Drops every sighting of the file a write changed. */
  forget(written: string): void {
    const path = bare(written);
    const byFile = new Map<string, string[]>();
    for (const id of this.#ids) {
      const file = fileOf(id);
      const seen = bare(file);
      if (seen === path || path.endsWith(`/${seen}`) || seen.endsWith(`/${path}`)) {
        const ids = byFile.get(file);
        if (ids === undefined) byFile.set(file, [id]);
        else ids.push(id);
      }
    }
    const longest = Math.max(0, ...[...byFile.keys()].map((file) => file.length));
    for (const [file, ids] of byFile) if (file.length === longest) for (const id of ids) this.#ids.delete(id);
  }
}
