/** The shells whose `-c` script a product command may be. */
export const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh']);

// Characters that make a script more than one simple command (outside quotes).
const COMPOUND = /[;&|<>`()\n]|\$\(/;

// A script's words as the shell splits them (single and double quotes, backslash escapes), or null
// when it is more than one simple command (`;`, `&&`, `|`, a redirection, a substitution).
function words(script: string): string[] | null {
  const out: string[] = [];
  let word: string | null = null;
  const add = (text: string | undefined) => {
    word = (word ?? '') + (text ?? '');
  };
  let quote: "'" | '"' | null = null;
  for (let index = 0; index < script.length; index++) {
    const char = script[index]!;
    if (quote === "'") {
      if (char === "'") quote = null;
      else add(char);
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = null;
      else if (char === '\\' && index + 1 < script.length) add(script[++index]);
      else if (char === '`' || (char === '$' && script[index + 1] === '(')) return null;
      else add(char);
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      add('');
    } else if (char === '\\' && index + 1 < script.length) {
      add(script[++index]);
    } else if (/\s/.test(char)) {
      if (char === '\n') return null;
      if (word !== null) out.push(word);
      word = null;
    } else if (COMPOUND.test(char) || (char === '$' && script[index + 1] === '(')) {
      return null;
    } else {
      add(char);
    }
  }
  if (quote !== null) return null;
  if (word !== null) out.push(word);
  return out;
}

/**
 * The command a shell's `-c` script runs, as an argv (`sh -c 'exec npx pkg@1.2.3 "$0"' /data`:
 * `['npx', 'pkg@1.2.3', '$0']`; a leading `exec` and variable assignments dropped): `undefined`
 * when `argv` is not a shell given `-c`, `null` when the script is more than one simple command
 * (a list, a pipe, a redirection, a substitution), so what it runs cannot be read from it.
 *
 * @example
 * shellScriptCommand(['sh', '-c', 'exec node dist/serve.js "$0"', '{corpus}']); // ['node', 'dist/serve.js', '$0']
 * shellScriptCommand(['sh', '-c', 'cd x && node serve.js']); // null
 * shellScriptCommand(['node', 'serve.js']); // undefined
 */
export function shellScriptCommand(argv: readonly string[]): string[] | null | undefined {
  const [program, ...args] = argv;
  if (program === undefined || !SHELLS.has(program)) return undefined;
  const flag = args.findIndex((arg) => /^-[a-z]*c[a-z]*$/.test(arg));
  if (flag < 0 || args.slice(0, flag).some((arg) => !arg.startsWith('-'))) return undefined;
  const script = args[flag + 1];
  if (script === undefined) return null;
  const split = words(script);
  if (split === null) return null;
  let start = 0;
  while (start < split.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(split[start]!)) start++;
  if (split[start] === 'exec') start++;
  const command = split.slice(start);
  return command.length === 0 ? null : command;
}
