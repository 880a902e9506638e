import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { blockHash, canonicalBlock } from '../../../src/agent/llm/canonical-block.js';
import { loadLlmBlock, parseLlmBlock } from '../../../src/agent/llm/load-block.js';
import {
  refuseModelSettingsInConfig,
  refuseModelSettingsInEnv,
} from '../../../src/agent/llm/refuse-model-settings.js';
import { FAKE_KEY } from '../endpoint-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'agent-track-block-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function write(text: string, ext = 'yaml'): string {
  const file = join(dir, `block-${n++}.${ext}`);
  writeFileSync(file, text);
  return file;
}

function refusal(text: string): Error {
  try {
    loadLlmBlock(write(text));
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
}

describe('loadLlmBlock', () => {
  test('YAML and JSON of the same block, in any key order, have the same canonical bytes and hash', () => {
    const yaml = loadLlmBlock(
      write(`provider: openai
base_url: https://openrouter.ai/api/v1
auth: {env: OPENROUTER_API_KEY}
params:
  temperature: 0
  max_tokens: 2048
provider_routing: {order: [deepinfra], allow_fallbacks: false}
`),
    );
    const json = loadLlmBlock(
      write(
        JSON.stringify({
          llm: {
            provider_routing: { allow_fallbacks: false, order: ['deepinfra'] },
            params: { max_tokens: 2048, temperature: 0 },
            auth: { env: 'OPENROUTER_API_KEY' },
            base_url: 'https://openrouter.ai/api/v1',
            provider: 'openai',
          },
        }),
        'json',
      ),
    );
    expect(yaml.canonical).toBe(
      '{"auth":{"env":"OPENROUTER_API_KEY"},"base_url":"https://openrouter.ai/api/v1","params":{"max_tokens":2048,"temperature":0},"provider":"openai","provider_routing":{"allow_fallbacks":false,"order":["deepinfra"]}}',
    );
    expect(json.canonical).toBe(yaml.canonical);
    expect(json.hash).toBe(yaml.hash);
    expect(yaml.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(blockHash(yaml.block)).toBe(yaml.hash);
    expect(canonicalBlock({ ...yaml.block, params: { temperature: 0.1, max_tokens: 2048 } })).not.toBe(
      yaml.canonical,
    );
  });

  test('a block that names `model` is refused, pointing at --model', () => {
    const error = refusal('provider: openai\nbase_url: http://127.0.0.1:1/v1\nmodel: gpt-4o\n');
    expect(error).toMatchObject({ code: 'LLM_BLOCK_NAMES_MODEL' });
    expect(error.message).toMatch(
      /^The LLM block `.*block-\d+\.yaml` names `model` \(`gpt-4o` \(string\)\): the model comes from `--model`/,
    );
  });

  test.each([
    ['a user:password part', `http://user:${FAKE_KEY}@127.0.0.1:9/v1`],
    ['a key-like query parameter', `https://example.test/v1?api_key=${FAKE_KEY}`],
  ])('a base_url with a credential (%s) is refused, and the credential is not echoed', (_, url) => {
    const error = refusal(`provider: openai\nbase_url: "${url}"\n`);
    expect(error).toMatchObject({ code: 'LLM_BLOCK_INVALID' });
    expect(error.message).toContain('`base_url` carries a credential');
    expect(error.message).not.toContain(FAKE_KEY);
  });

  test.each([
    [
      'a top-level typo',
      'provider: openai\nbase_url: http://x.test/v1\nmax_retry: 3\n',
      'unknown key `max_retry`',
    ],
    [
      'a nested typo',
      'provider: openai\nbase_url: http://x.test/v1\nparams: {temprature: 0}\n',
      'unknown key `params.temprature`',
    ],
    [
      'a routing typo',
      'provider: openai\nbase_url: http://x.test/v1\nprovider_routing: {order: [a], allow_fallbacks: true, sort: price}\n',
      'unknown key `provider_routing.sort`',
    ],
    ['an unknown provider', 'provider: gemini\nbase_url: http://x.test/v1\n', '`provider`'],
    ['a bad url', 'provider: openai\nbase_url: ftp://x.test\n', '`base_url`'],
    [
      'anthropic without max_tokens',
      'provider: anthropic\nbase_url: http://x.test\n',
      '`params.max_tokens` is required by provider `anthropic`',
    ],
    [
      'seed on anthropic',
      'provider: anthropic\nbase_url: http://x.test\nparams: {max_tokens: 9, seed: 1}\n',
      '`params.seed` is not supported by provider `anthropic`',
    ],
    [
      'routing on anthropic',
      'provider: anthropic\nbase_url: http://x.test\nparams: {max_tokens: 9}\nprovider_routing: {order: [a], allow_fallbacks: true}\n',
      '`provider_routing` is OpenRouter routing',
    ],
    [
      'a negative max_retries',
      'provider: openai\nbase_url: http://x.test/v1\nmax_retries: -1\n',
      '`max_retries`',
    ],
    [
      'max_retries past any sense (each retry waits)',
      'provider: openai\nbase_url: http://x.test/v1\nmax_retries: 1e9\n',
      '`max_retries`',
    ],
    [
      'a timeout past what a Node timer can wait (it would fire at once)',
      'provider: openai\nbase_url: http://x.test/v1\ntimeout_seconds: 1e12\n',
      '`timeout_seconds`',
    ],
  ])('%s is refused by key name with the file', (_, text, expected) => {
    const error = refusal(text);
    expect(error).toMatchObject({ code: 'LLM_BLOCK_INVALID' });
    expect(error.message).toMatch(/^The LLM block `.*block-\d+\.yaml` is refused: /);
    expect(error.message).toContain(expected);
  });

  test.each([
    [
      'a key written as auth',
      `provider: openai\nbase_url: http://x.test/v1\nauth: ${FAKE_KEY}\n`,
      '`auth` expected object, got a string (value not shown)',
    ],
    [
      'a key inside auth',
      `provider: openai\nbase_url: http://x.test/v1\nauth: {key: ${FAKE_KEY}}\n`,
      'unknown key `auth.key`',
    ],
    [
      'an env name that is not a name',
      `provider: openai\nbase_url: http://x.test/v1\nauth: {env: ${FAKE_KEY}}\n`,
      '`auth.env` expected an environment variable name, got a string (value not shown)',
    ],
    [
      'a key pasted as the provider',
      `provider: ${FAKE_KEY}\nbase_url: http://x.test/v1\n`,
      '`provider` expected one of "openai"|"anthropic", got a string (value not shown)',
    ],
    [
      'a key pasted as the base_url',
      `provider: openai\nbase_url: ${FAKE_KEY}\n`,
      '`base_url` expected a url, got a string (value not shown)',
    ],
    [
      'a key tagged (`!secret`): no YAML warning quotes its line either',
      `provider: openai\nbase_url: !secret ${FAKE_KEY}\n`,
      '`base_url` expected a url, got a string (value not shown)',
    ],
    [
      'a top-level api_key',
      `provider: openai\nbase_url: http://x.test/v1\napi_key: ${FAKE_KEY}\n`,
      'unknown key `api_key`: a key is never written into a block',
    ],
  ])('a bad auth (%s) is refused without showing the value', (_, text, expected) => {
    const error = refusal(text);
    expect(error.message).toContain(expected);
    // A typo is still shown: only values shaped like a credential are not.
    expect(refusal('provider: opnai\nbase_url: http://x.test/v1\n').message).toContain('got `opnai`');
    expect(
      JSON.stringify({ message: error.message, data: (error as { data?: unknown }).data }),
    ).not.toContain(FAKE_KEY);
  });

  test('invalid YAML names the file and line, not the line text', () => {
    const error = refusal(`provider: openai\nbase_url: [unclosed ${FAKE_KEY}\n`);
    expect(error).toMatchObject({ code: 'LLM_BLOCK_UNREADABLE' });
    expect(error.message).not.toContain(FAKE_KEY);
  });

  test('a missing file is named', () => {
    expect(() => loadLlmBlock(join(dir, 'nope.yaml'))).toThrow(/Cannot read the LLM block `.*nope\.yaml`/);
  });

  test('parseLlmBlock takes an object and a source name', () => {
    expect(parseLlmBlock({ provider: 'openai', base_url: 'http://127.0.0.1:9/v1' }, 'inline')).toEqual({
      provider: 'openai',
      base_url: 'http://127.0.0.1:9/v1',
    });
    expect(() => parseLlmBlock([1], 'inline')).toThrow('The LLM block `inline` must be a mapping');
  });

  test('a max_tokens past any model (1e12) is refused by key with its bound', () => {
    expect(() =>
      parseLlmBlock(
        { provider: 'openai', base_url: 'http://127.0.0.1:9/v1', params: { max_tokens: 1e12 } },
        'inline',
      ),
    ).toThrow(/params\.max_tokens.*10000000/);
  });
});

describe('model settings from elsewhere', () => {
  test('a serving config with model settings is refused by key path, pointing at --llm-block', () => {
    expect(() =>
      refuseModelSettingsInConfig(
        { chunk_size: 400, temperature: 0.3, embedding: { model: 'bge-small' }, agent: { llm: { x: 1 } } },
        'configs/serving.yaml',
      ),
    ).toThrow(
      'The serving config `configs/serving.yaml` carries model settings `temperature`, `agent.llm`: model settings come only from `--llm-block`',
    );
    expect(() => refuseModelSettingsInConfig({ embedding: { model: 'bge-small' } }, 'ok.yaml')).not.toThrow();
  });

  test('model settings in the environment are refused by name, never by value', () => {
    const env = {
      OPENAI_MODEL: 'gpt-secret-model',
      AGENT_TRACK_TEMPERATURE: '0.7',
      OPENAI_API_KEY: FAKE_KEY,
      PATH: '/bin',
    };
    let message = '';
    try {
      refuseModelSettingsInEnv(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'The environment sets model settings `AGENT_TRACK_TEMPERATURE`, `OPENAI_MODEL`: model settings come only from `--llm-block` (and the model from `--model`); unset them',
    );
    expect(() => refuseModelSettingsInEnv({ OPENAI_API_KEY: FAKE_KEY, HOME: '/root' })).not.toThrow();
  });
});

test('--endpoint-url with a credential is refused before anything opens, without echoing it', async () => {
  const { openModel } = await import('../../../src/agent/harness/open-model.js');
  await expect(
    openModel({ model: 'offline', endpointUrl: `http://u:${FAKE_KEY}@127.0.0.1:9/v1` }),
  ).rejects.toSatisfy(
    (error: Error) => error.message.includes('carries a credential') && !error.message.includes(FAKE_KEY),
  );
});
