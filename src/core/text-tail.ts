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
 * Replaces every occurrence of each secret (an API key's value) with `***`: the one rule by which
 * a key is kept out of every log, ledger, transcript and error message. An absent or empty secret
 * cuts nothing.
 *
 * @example
 * redact('401: key sk-abc rejected', ['sk-abc']); // '401: key *** rejected'
 * redact('401: key sk-abc rejected', process.env.OPENAI_API_KEY); // one secret, possibly unset
 */
export function redact(text: string, secrets: string | undefined | readonly (string | undefined)[]): string {
  const list = typeof secrets === 'string' || secrets === undefined ? [secrets] : secrets;
  let out = text;
  for (const secret of list)
    if (secret !== undefined && secret.length > 0) out = out.split(secret).join('***');
  return out;
}
