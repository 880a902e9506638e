/**
 * The last `max` characters of a process's output, trimmed, cut at a line start when one is near.
 *
 * @example
 * tail('a\nb\nc\n', 3); // 'b\nc'
 */
export function tail(text: string, max: number): string {
  const trimmed = text.trimEnd();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(trimmed.length - max);
  const newline = cut.indexOf('\n');
  return newline >= 0 && newline < max / 2 ? cut.slice(newline + 1) : cut;
}

/**
 * Replaces every occurrence of each secret (an API key's value) with `***`.
 *
 * @example
 * redact('401: key sk-abc rejected', ['sk-abc']); // '401: key *** rejected'
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('***');
  return out;
}
