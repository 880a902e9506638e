import { AgentTrackError } from '../../core/index.js';

/**
 * A tool's path argument as a corpus-relative `/`-separated path. An absolute path, a drive
 * letter, a `..` segment or a NUL byte is refused: every path stays inside the corpus root.
 *
 * @example
 * confinePath('./shop\\cart.py'); // 'shop/cart.py'
 * confinePath('../etc/passwd'); // throws PATH_OUTSIDE_CORPUS
 */
export function confinePath(input: string): string {
  const slashed = input.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed) || slashed.includes('\0')) {
    throw outside(input);
  }
  const parts = slashed.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw outside(input);
  if (parts.length === 0) {
    throw new AgentTrackError('INVALID_PATH', `Expected a file path inside the corpus, got \`${input}\``, {
      data: { path: input },
    });
  }
  return parts.join('/');
}

function outside(input: string): AgentTrackError {
  return new AgentTrackError(
    'PATH_OUTSIDE_CORPUS',
    `The path \`${input}\` is outside the corpus: give a path relative to the corpus root, without \`..\``,
    { data: { path: input } },
  );
}
