import {
  accessSync,
  constants,
  existsSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { delimiter, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { AgentTrackError } from '../../../core/index.js';
import { shellScriptCommand } from './shell-command.js';

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

// The first executable file named `name` in the directories of `path`, as a shell looks it up.
function onPath(name: string, path: string, cwd: string): string | null {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = resolve(cwd, dir, name);
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile() !== true) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not executable: a shell passes over it to the next directory.
    }
  }
  return null;
}

/**
 * The file a command runs as the product: the script after an interpreter (`node dist/cli.js`), a
 * path (`./bin/harness`), or a bare name looked up on the arm's `PATH` as a shell does (the first
 * executable file of that name); `null` when none is found.
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

const RUNNERS: Record<string, readonly string[]> = {
  npx: [],
  bunx: [],
  npm: ['exec'],
  pnpm: ['dlx', 'exec'],
};
const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** A package spec `name@version` split (`@scope/name@1.2.3`); the version `null` when none is given. */
function packageSpec(spec: string): { name: string; version: string | null } {
  const at = spec.lastIndexOf('@');
  return at > 0 ? { name: spec.slice(0, at), version: spec.slice(at + 1) } : { name: spec, version: null };
}

/**
 * The package a runner command runs (`npx pkg@1.2.3 ...`, `npm exec -- pkg@1.2.3`, `pnpm dlx`,
 * `bunx`): its first argument that is not an option; `null` for any other command.
 *
 * @example
 * runnerPackage(['npx', '-y', '@modelcontextprotocol/server-filesystem@2026.8.31', '/data']); // '@modelcontextprotocol/server-filesystem@2026.8.31'
 */
export function runnerPackage(argv: readonly string[]): string | null {
  const [program, ...args] = argv;
  const sub = program === undefined ? undefined : RUNNERS[program];
  if (sub === undefined) return null;
  let rest = args;
  if (sub.length > 0) {
    if (!sub.includes(rest[0] ?? '')) return null;
    rest = rest.slice(1);
  }
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    if (arg === '--') continue;
    if (arg === '--package' || arg === '-p') return rest[index + 1] ?? null;
    if (arg.startsWith('--package=')) return arg.slice('--package='.length);
    if (!arg.startsWith('-')) return arg;
  }
  return null;
}

// The package (`name` or `@scope/name`) a path inside a worktree's node_modules belongs to, or null.
function installedPackage(worktree: string, entry: string): string | null {
  let file = entry;
  const bin = join(worktree, 'node_modules', '.bin');
  if (dirname(file) === bin) {
    // A bin is a link into its package; read it without resolving the install cache's links.
    try {
      file = resolve(bin, readlinkSync(file));
    } catch {
      return null;
    }
  }
  const parts = relative(join(worktree, 'node_modules'), file).split(sep);
  if (parts[0] === '' || parts[0] === '..' || parts[0] === '.bin') return null;
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Why a dependency installed in a worktree is not pinned, or `null` when it is: `package.json`
 * asks for one exact version, the lockfile (`package-lock.json` or `npm-shrinkwrap.json`) records
 * that version, and the installed copy is that version.
 *
 * @example
 * unpinnedReason('/tmp/wt', '@modelcontextprotocol/server-filesystem'); // null
 */
export function unpinnedReason(worktree: string, name: string): string | null {
  const manifest = readJson(join(worktree, 'package.json'));
  const groups = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;
  const wanted = groups
    .map((group) => (manifest?.[group] as Record<string, string> | undefined)?.[name])
    .find((spec) => spec !== undefined);
  if (wanted === undefined) return `\`${name}\` is not a dependency in its \`package.json\``;
  if (!EXACT.test(wanted))
    return `its \`package.json\` asks for \`${name}@${wanted}\`, not one exact version`;
  const lock =
    readJson(join(worktree, 'package-lock.json')) ?? readJson(join(worktree, 'npm-shrinkwrap.json'));
  const packages = lock?.packages as Record<string, { version?: string }> | undefined;
  const locked = packages?.[`node_modules/${name}`]?.version;
  if (locked === undefined) return `\`${name}\` is not in its lockfile (\`package-lock.json\`)`;
  if (locked !== wanted)
    return `its lockfile has \`${name}@${locked}\` where \`package.json\` pins ${wanted}`;
  const installed = readJson(join(worktree, 'node_modules', name, 'package.json'))?.version;
  if (installed !== wanted)
    return `the installed \`${name}\` is ${String(installed ?? 'missing')}, not the pinned ${wanted}`;
  return null;
}

/**
 * Refuses an arm whose product command (its `harness` or `serve`) would run code that is not the
 * commit's own: the entry, links resolved, must sit inside the worktree, outside `node_modules`,
 * unless it is a dependency the commit pins (`package.json` exact, the lockfile and the install
 * agreeing: the product's own choice of server, so it changes only with the commit); a runner
 * (`npx`, `npm exec`, `pnpm dlx`, `bunx`) must name an exact version (`pkg@1.2.3`). A bare name
 * resolves on the arm's `PATH` as a shell resolves it: found in the worktree it is the commit's file;
 * found only on the machine's own `PATH` it is a program the commit does not decide, accepted only
 * as a launcher whose target is checked instead: an interpreter's script (`node dist/cli.js`), a
 * runner's pinned package, or a shell's `-c` script when it is one simple command (`sh -c 'exec npx
 * pkg@1.2.3 "$0"' {corpus}` is checked as `npx pkg@1.2.3 $0`; a list or a pipe cannot be read and
 * is refused). Anything else is refused by name: an installed copy shadowing the commit, or an
 * unpinned package, would measure something the commit does not decide.
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
  // A shell's `-c` script is the commit's own text; what it runs is checked as the command itself.
  const script = shellScriptCommand(argv);
  if (script === null)
    throw new AgentTrackError(
      'ARM_PRODUCT_NOT_FOUND',
      `The \`${role}\` command of arm \`${arm}\` runs a shell script that is not one simple command (\`${argv.join(' ')}\`): what it runs cannot be checked against the commit; run the command itself, or \`sh -c 'exec CMD "$0"' ARG\``,
      { data: { arm, role, argv: [...argv], worktree } },
    );
  if (script !== undefined) return assertProductInWorktree({ ...options, argv: script });
  const runner = runnerPackage(argv);
  if (runner !== null) {
    const { name, version } = packageSpec(runner);
    if (version !== null && EXACT.test(version)) return runner;
    throw new AgentTrackError(
      'ARM_PRODUCT_UNPINNED',
      `The \`${role}\` command of arm \`${arm}\` runs \`${name}\` ${version === null ? 'with no version' : `at \`${version}\``}: name one exact version (\`${name}@1.2.3\`), so what it measures is decided by the commit`,
      { data: { arm, role, package: name, version } },
    );
  }
  const path = options.path ?? armPath(worktree);
  const entry = productEntry(worktree, argv, path);
  if (entry === null) {
    throw new AgentTrackError(
      'ARM_PRODUCT_NOT_FOUND',
      `The \`${role}\` command \`${argv.join(' ')}\` of arm \`${arm}\` names no file that exists in its worktree \`${worktree}\` nor a command on its PATH`,
      { data: { arm, role, argv: [...argv], worktree } },
    );
  }
  const dependency = installedPackage(worktree, entry);
  if (dependency !== null) {
    const why = unpinnedReason(worktree, dependency);
    if (why === null) return entry;
    throw new AgentTrackError(
      'ARM_PRODUCT_UNPINNED',
      `The \`${role}\` command of arm \`${arm}\` runs \`${dependency}\` from its node_modules, but ${why}: only a dependency the commit pins is measured as the commit's`,
      { data: { arm, role, package: dependency, worktree } },
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
