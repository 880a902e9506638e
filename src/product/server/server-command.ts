import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtTwin } from '../../core/index.js';

/** What the reference server is started with: its workspace, serving config, overlays and tool docs. */
export interface ReferenceServerArgs {
  workspace: string;
  /** A serving config file (default: the package's `configs/serving/default.yaml`). */
  config?: string;
  /** Retrieval overlays merged over the config, in order. */
  overlays?: readonly string[];
  /** The tool-docs YAML agents see (default: the package's `configs/product/tool_docs.yaml`). */
  toolDocs?: string;
  /** Serve Streamable HTTP on 127.0.0.1 at this port instead of stdio. */
  port?: number;
}

/**
 * The command line that starts the reference code-search server (over stdio, or Streamable HTTP
 * with `port`) in a child process:
 * this layer's own entry (`server/main`), the built `main.js` under node or, from source, its built
 * twin when `dist/` was built from this very source (`builtTwin`), each as the one-file bundle
 * beside it when the build made one (`main.bundle.js`, which runs `main.bundle.cjs` with a V8 code
 * cache: ~40% less CPU a start than `main.js`); else (a fresh clone
 * without dist/, an edit since the build) `main.ts` through tsx's loader. The product starts itself; it never
 * reaches up into the CLI.
 *
 * @example
 * const [command, ...args] = referenceServerCommand({ workspace: '/tmp/ws' });
 * // ['/usr/bin/node', '/repo/dist/product/server/main.bundle.js', '--workspace', '/tmp/ws']
 */
export function referenceServerCommand(options: ReferenceServerArgs): string[] {
  const fromSource = import.meta.url.endsWith('.ts');
  const built = fromSource
    ? builtTwin(new URL('./main.ts', import.meta.url))
    : fileURLToPath(new URL('./main.js', import.meta.url));
  // The built entry's bundle beside it when a build made one (`scripts/bundle-entries.mjs`).
  const bundle = built === null ? null : join(dirname(built), 'main.bundle.js');
  const main =
    bundle !== null && existsSync(bundle)
      ? bundle
      : (built ?? fileURLToPath(new URL('./main.ts', import.meta.url)));
  const args = ['--workspace', options.workspace];
  if (options.config !== undefined) args.push('--config', options.config);
  for (const overlay of options.overlays ?? []) args.push('--overlay', overlay);
  if (options.toolDocs !== undefined) args.push('--tool-docs', options.toolDocs);
  if (options.port !== undefined) args.push('--port', String(options.port));
  const loader = built === null ? ['--import', 'tsx'] : [];
  return [process.execPath, ...loader, main, ...args];
}
