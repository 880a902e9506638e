import type { CallExtractor } from '../importers/imported-run.js';
import { inCorpus } from './identifiers.js';
import { filePathExtractor } from './text-identifiers.js';
import type { ToolRoles } from './tool-roles.js';

// `path:12`, `path:1-40`: a located identifier, not a file of a ranked list.
const LOCATED = /:\d+(?:-\d+)?$/;

/**
 * How a transcript's text results are read under a product's tool roles, so a run an agent logged
 * elsewhere scores as the live harness scores it: the files each call named or returned
 * (`filePathExtractor`, a read tool's plain content being the lines it delivered), and a search
 * tool's ranked rows: its located hits when it printed `path:line:` rows, else its files, in the
 * order it printed them. With `root` (the corpus directory the agent ran in), a path counts only
 * where it names a file of that corpus when the directory is on this machine, and paths under it
 * are made relative, the namespace gold is written in. A failed call identifies nothing.
 *
 * @example
 * transcriptExtractor(roles, { root: '/repo' })('search_files', {}, '/repo/a.py', true); // { identifiers: ['a.py'], rows: [{ path: 'a.py' }] }
 */
export function transcriptExtractor(roles: ToolRoles, options: { root?: string } = {}): CallExtractor {
  const paths = filePathExtractor(undefined, { reads: roles.read });
  const searches = new Set(roles.search);
  return (tool, args, text, ok) => {
    // A failed call delivered nothing: the file its arguments name was not read.
    if (!ok) return { identifiers: [] };
    const found = inCorpus(paths(text, tool, args, options.root), options.root);
    if (!searches.has(tool)) return { identifiers: found.identifiers };
    const rows = found.rows ?? found.identifiers.filter((id) => !LOCATED.test(id)).map((path) => ({ path }));
    return { identifiers: found.identifiers, rows };
  };
}
