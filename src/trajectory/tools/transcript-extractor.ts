import type { CallExtractor } from '../importers/imported-run.js';
import { inCorpus } from './identifiers.js';
import { filePathExtractor } from './text-identifiers.js';
import type { ToolRoles } from './tool-roles.js';

/**
 * How a transcript's text results are read under a product's tool roles, so a run an agent logged
 * elsewhere scores as the live harness scores it: the files each call named or returned
 * (`filePathExtractor`, a read tool's plain content being the lines it delivered), and a search
 * tool's paths as its ranked rows, in the order it printed them. With `root` (the corpus directory
 * the agent ran in), paths under it are made relative, the namespace gold is written in. A failed
 * call identifies nothing.
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
    const { identifiers } = inCorpus(paths(text, tool, args), options.root);
    return searches.has(tool)
      ? { identifiers, rows: identifiers.map((path) => ({ path })) }
      : { identifiers };
  };
}
