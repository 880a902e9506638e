const CAMEL = /[A-Za-z]*[a-z0-9][A-Z][A-Za-z0-9]*|[A-Z]{2,}[a-z][A-Za-z0-9]*/g;
const PARTS = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

/**
 * The lower-case parts of one camelCase or PascalCase identifier (`getUserByID` → `get user by id`);
 * an identifier with one part gives just that part.
 *
 * @example
 * identifierParts('parseHTTPRequest'); // ['parse', 'http', 'request']
 */
export function identifierParts(identifier: string): string[] {
  return (identifier.match(PARTS) ?? []).map((part) => part.toLowerCase());
}

/**
 * The parts of every camelCase identifier in a text, each distinct identifier once, as one
 * space-separated string: what the index adds beside a piece's text so `user by id` finds
 * `getUserById` (FTS5's tokenizer already splits snake_case at the underscore).
 *
 * @example
 * camelCaseParts('const x = getUserById(id); getUserById(2)'); // 'get user by id'
 */
export function camelCaseParts(text: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const match of text.matchAll(CAMEL)) {
    if (seen.has(match[0])) continue;
    seen.add(match[0]);
    out.push(identifierParts(match[0]).join(' '));
  }
  return out.join(' ');
}
