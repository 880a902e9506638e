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

/**
 * The URL a client posts to: the endpoint with `/embeddings` or `/rerank` appended. `offline` (the
 * offline endpoint of an optimizer dry run, put in place when the campaign writes a candidate's
 * serving file) is refused here by name: anywhere else the endpoint is named by its URL.
 *
 * @example
 * endpointUrl('embeddings', 'http://127.0.0.1:8090/v1/'); // 'http://127.0.0.1:8090/v1/embeddings'
 */
export function endpointUrl(section: 'embeddings' | 'rerank', endpoint: string): string {
  if (endpoint === 'offline')
    throw new AgentTrackError(
      'OFFLINE_ENDPOINT_UNRESOLVED',
      `\`${section}.endpoint: offline\` stands for the offline endpoint of an optimizer dry run; here name its URL (\`agent-track endpoint --policy offline --port 8090\` serves http://127.0.0.1:8090/v1)`,
      { data: { section } },
    );
  return `${endpoint.replace(/\/+$/, '')}/${section === 'embeddings' ? 'embeddings' : 'rerank'}`;
}

/**
 * An overlay with every `endpoint: offline` (of `embeddings` and `rerank`) replaced by `url`, the
 * offline endpoint a dry run started; the overlay itself is not changed.
 *
 * @example
 * resolveOfflineEndpoints({ rerank: { endpoint: 'offline' } }, 'http://127.0.0.1:41234/v1');
 * // { rerank: { endpoint: 'http://127.0.0.1:41234/v1' } }
 */
export function resolveOfflineEndpoints(
  overlay: Record<string, unknown>,
  url: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...overlay };
  for (const section of ['embeddings', 'rerank']) {
    const value = out[section];
    if (
      value !== null &&
      typeof value === 'object' &&
      (value as { endpoint?: unknown }).endpoint === 'offline'
    )
      out[section] = { ...(value as object), endpoint: url };
  }
  return out;
}
