import { fileURLToPath } from 'node:url';
import { builtTwin } from '../core/index.js';

/**
 * The command line that runs this agent-track CLI in a child process, from any working directory:
 * the built `bin.js` under node; from source, the built twin of `bin.ts` when `dist/` was built
 * from this very source (`builtTwin`), else `bin.ts` with tsx's loader named by its absolute URL
 * (a third-party product's worktree has no tsx of its own to resolve). A campaign arm whose
 * product names no harness runs `selfCommand('harness')`.
 *
 * @example
 * selfCommand('harness'); // ['/usr/bin/node', '/opt/agent-track/dist/cli/bin.js', 'harness']
 */
export function selfCommand(...args: string[]): [string, ...string[]] {
  const source = new URL('./bin.ts', import.meta.url);
  if (!import.meta.url.endsWith('.ts'))
    return [process.execPath, fileURLToPath(new URL('./bin.js', import.meta.url)), ...args];
  const twin = builtTwin(source);
  if (twin !== null) return [process.execPath, twin, ...args];
  return [process.execPath, '--import', import.meta.resolve('tsx'), fileURLToPath(source), ...args];
}
