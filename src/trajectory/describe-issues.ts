import type { z } from 'zod';

/**
 * One readable phrase per zod issue, naming the field: `` `seq`: expected number`` or
 * `` unknown key `sqe` ``. Messages built from these name the file (and line) before them.
 */
export function describeIssues(error: z.ZodError, root?: string): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys.map(
          (key) => `\`${[root, ...issue.path, key].filter((p) => p !== undefined).join('.')}\``,
        );
        return `unknown key${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
      }
      const path = [root, ...issue.path].filter((p) => p !== undefined).join('.');
      return path === '' ? issue.message : `\`${path}\`: ${issue.message}`;
    })
    .join('; ');
}
