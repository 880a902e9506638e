import { AgentTrackError } from '../../core/index.js';

/**
 * A glob as a test on corpus paths: `**` spans directories, `*` and `?` stay within one, `{a,b}`
 * is a choice. A glob without `/` is matched against the file name alone (`*.py`).
 *
 * @example
 * globTest('src/**\/*.ts')('src/a/b.ts'); // true
 * globTest('*.md')('docs/guide.md'); // true
 */
export function globTest(glob: string): (path: string) => boolean {
  let source = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i += 1) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else if (ch === '{') {
      braces += 1;
      source += '(?:';
    } else if (ch === '}' && braces > 0) {
      braces -= 1;
      source += ')';
    } else if (ch === ',' && braces > 0) source += '|';
    else source += ch.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  if (braces !== 0) {
    throw new AgentTrackError('INVALID_GLOB', `The glob \`${glob}\` has an unclosed \`{\``, {
      data: { glob },
    });
  }
  const regex = new RegExp(`^${source}$`);
  const nameOnly = !glob.includes('/');
  return (path) => regex.test(nameOnly ? path.slice(path.lastIndexOf('/') + 1) : path);
}
