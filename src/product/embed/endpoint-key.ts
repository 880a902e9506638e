import { AgentTrackError } from '../../core/index.js';

/** An endpoint's key, read from the variable a config names, and what a request and an error do with it. */
export interface EndpointKey {
  /** The request headers: JSON, and the key as a bearer token when there is one. */
  headers: Record<string, string>;
  /** An endpoint's reply text with the key cut out, for an error message. */
  redact(text: string): string;
}

/**
 * The key of an embeddings or rerank endpoint from the environment variable its config names
 * (`section.key_env`; `null`: the endpoint needs none), refused as `LLM_KEY_MISSING` naming the
 * variable when it is unset. The key's value is only ever sent as a bearer token.
 *
 * @example
 * const key = endpointKey('embeddings', config.key_env, process.env);
 * await fetch(url, { method: 'POST', headers: key.headers, body });
 */
export function endpointKey(
  section: 'embeddings' | 'rerank',
  keyEnv: string | null,
  env: Readonly<Record<string, string | undefined>>,
): EndpointKey {
  let key: string | undefined;
  if (keyEnv !== null) {
    key = env[keyEnv];
    if (key === undefined || key === '')
      throw new AgentTrackError(
        'LLM_KEY_MISSING',
        `The ${section} endpoint names its key by \`${section}.key_env = ${keyEnv}\`, but that variable is not set`,
        { data: { env: keyEnv } },
      );
  }
  return {
    headers: {
      'content-type': 'application/json',
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
    },
    redact: (text) => (key === undefined ? text : text.split(key).join('[key]')),
  };
}
