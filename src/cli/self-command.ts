import { fileURLToPath } from 'node:url';

/**
 * The command line that runs this agent-track CLI in a child process, from any working directory:
 * the built `bin.js` under node, or from source (`bin.ts`) with tsx's loader named by its absolute
 * URL (a third-party product's worktree has no tsx of its own to resolve). A campaign arm whose
 * product names no harness runs `selfCommand('harness')`.
 *
 * @example
 * selfCommand('harness'); // ['/usr/bin/node', '/opt/agent-track/dist/cli/bin.js', 'harness']
 */
export function selfCommand(...args: string[]): string[] {
  const fromSource = import.meta.url.endsWith('.ts');
  const bin = fileURLToPath(new URL(`./bin.${fromSource ? 'ts' : 'js'}`, import.meta.url));
  const loader = fromSource ? ['--import', import.meta.resolve('tsx')] : [];
  return [process.execPath, ...loader, bin, ...args];
}
