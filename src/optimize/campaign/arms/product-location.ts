import { existsSync, realpathSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { AgentTrackError } from '../../../core/index.js';

const INTERPRETERS = new Set(['node', 'nodejs', 'tsx', 'python', 'python3', 'bash', 'sh', 'deno', 'bun']);
// Interpreter options whose next argument is a value, not the script.
const VALUE_OPTIONS = new Set([
  '--import',
  '--require',
  '-r',
  '--loader',
  '--experimental-loader',
  '--conditions',
  '-C',
]);

/**
 * The `PATH` an arm's child runs with: the worktree's `node_modules/.bin`, then the worktree, then
 * the inherited path.
 *
 * @example
 * armPath('/tmp/wt/baseline', '/usr/bin'); // '/tmp/wt/baseline/node_modules/.bin:/tmp/wt/baseline:/usr/bin'
 */
export function armPath(worktree: string, inherited: string | undefined = process.env.PATH): string {
  return [join(worktree, 'node_modules', '.bin'), worktree, ...(inherited ? [inherited] : [])].join(
    delimiter,
  );
}

function onPath(name: string, path: string, cwd: string): string | null {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = resolve(cwd, dir, name);
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The file a command runs as the product: the script after an interpreter (`node dist/cli.js`), a
 * path (`./bin/harness`), or a bare name found on the arm's `PATH`; `null` when none is found.
 *
 * @example
 * productEntry('/tmp/wt', ['node', 'dist/cli/bin.js', 'harness'], armPath('/tmp/wt')); // '/tmp/wt/dist/cli/bin.js'
 */
export function productEntry(worktree: string, argv: readonly string[], path: string): string | null {
  const [program, ...args] = argv;
  if (program === undefined) return null;
  const bare = !program.includes('/') && !program.includes('\\');
  if (bare && INTERPRETERS.has(program)) {
    for (let index = 0; index < args.length; index++) {
      const arg = args[index]!;
      if (VALUE_OPTIONS.has(arg)) {
        index++;
        continue;
      }
      if (arg.startsWith('-')) continue;
      const script = resolve(worktree, arg);
      return existsSync(script) ? script : null;
    }
    return null;
  }
  if (!bare) {
    const file = isAbsolute(program) ? program : resolve(worktree, program);
    return existsSync(file) ? file : null;
  }
  return onPath(program, path, worktree);
}

/**
 * Refuses an arm whose product command (its `harness` or `serve`) would run code from outside its
 * worktree: the entry, links resolved, must sit inside the worktree and not inside a `node_modules`
 * (an installed copy shadowing the commit under test would measure the same code twice).
 *
 * @example
 * assertProductInWorktree({ arm: 'baseline', worktree, role: 'harness', argv: ['node', 'dist/cli/bin.js', 'harness'] });
 */
export function assertProductInWorktree(options: {
  arm: string;
  worktree: string;
  role: string;
  argv: readonly string[];
  path?: string;
}): string {
  const { arm, worktree, role, argv } = options;
  const path = options.path ?? armPath(worktree);
  const entry = productEntry(worktree, argv, path);
  if (entry === null) {
    throw new AgentTrackError(
      'ARM_PRODUCT_NOT_FOUND',
      `The \`${role}\` command \`${argv.join(' ')}\` of arm \`${arm}\` names no file that exists in its worktree \`${worktree}\` or on its path`,
      { data: { arm, role, argv: [...argv], worktree } },
    );
  }
  const real = realpathSync(entry);
  const root = realpathSync(worktree);
  const inside = relative(root, real);
  const outside = inside === '' || inside.startsWith('..') || isAbsolute(inside);
  if (outside || inside.split(sep).includes('node_modules')) {
    throw new AgentTrackError(
      'ARM_OUTSIDE_WORKTREE',
      `The \`${role}\` command of arm \`${arm}\` resolves to \`${real}\`, outside its worktree \`${root}\`${
        outside ? '' : ' (inside node_modules)'
      }: an installed copy would shadow the commit under test, so the arm refuses to run`,
      { data: { arm, role, entry: real, worktree: root } },
    );
  }
  return real;
}
