import { fileURLToPath } from 'node:url';

/**
 * The command line that runs this package's own CLI in a child process: the built `bin.js`
 * under node, or, when running from source (tests, a fresh clone without dist/), `bin.ts` through
 * tsx's loader.
 *
 * @example
 * const [command, ...args] = selfCommand(); // ['/usr/bin/node', '/repo/dist/cli/bin.js']
 */
export function selfCommand(): string[] {
  const fromSource = import.meta.url.endsWith('.ts');
  const bin = fileURLToPath(new URL(`../../cli/bin.${fromSource ? 'ts' : 'js'}`, import.meta.url));
  return fromSource ? [process.execPath, '--import', 'tsx', bin] : [process.execPath, bin];
}
