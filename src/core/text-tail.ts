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

/** Variable names that hold a key by convention: `*_API_KEY`, `*_TOKEN`, `*_SECRET`, `*_PASSWORD`. */
export const SECRET_ENV_NAME = /(_API_KEY|_TOKEN|_SECRET|_PASSWORD)$/i;

// A value this short is cut only when the variable is named: cutting `1` everywhere would mangle the text.
const MIN_SCANNED_SECRET = 8;

/**
 * The key values `redact` cuts, read from an environment: each named variable's (an `auth.env`, a
 * `--key-env`), and with `scan` also every variable's whose name says it holds a key
 * (`SECRET_ENV_NAME`, values of 8 characters or more); unset and empty ones left out.
 *
 * @example
 * envSecrets({ OPENAI_API_KEY: 'sk-abc123456' }, [], { scan: true }); // ['sk-abc123456']
 * envSecrets(process.env, ['ANTHROPIC_API_KEY']); // that key's value, when set
 */
export function envSecrets(
  env: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
  options: { scan?: boolean } = {},
): string[] {
  const named = names.flatMap((name) => env[name] ?? []);
  const scanned =
    options.scan === true
      ? Object.entries(env).flatMap(([name, value]) =>
          SECRET_ENV_NAME.test(name) && value !== undefined && value.length >= MIN_SCANNED_SECRET
            ? [value]
            : [],
        )
      : [];
  return [...new Set([...named, ...scanned])].filter((value) => value !== '');
}
