import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { loadLlmBlock } from '../../../src/agent/llm/load-block.js';
import { createProvider } from '../../../src/agent/llm/providers/create-provider.js';
import type { RetryEvent } from '../../../src/agent/llm/providers/with-retries.js';
import { FAKE_KEY, KEY_ENV, PROVIDERS } from '../endpoint-helpers.js';

// An endpoint that echoes whatever key it was sent into its error body, as some real ones do.
let server: Server;
let url: string;
let echoed: string[];
let dir: string;
beforeEach(async () => {
  echoed = [];
  dir = mkdtempSync(join(tmpdir(), 'agent-track-secret-'));
  server = createServer((req, res) => {
    const sent = String(req.headers['x-api-key'] ?? req.headers.authorization ?? '');
    echoed.push(sent);
    const status = echoed.length === 1 ? 429 : 401;
    const message = `Incorrect API key provided: ${sent}`;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        req.url?.endsWith('/messages')
          ? { type: 'error', error: { type: 'x', message } }
          : { error: { message } },
      ),
    );
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe.each(PROVIDERS)('the key never leaks: %s', (name) => {
  test('an endpoint that echoes the key: redacted in the error, its cause and the retry line', async () => {
    const file = join(dir, 'llm.yaml');
    const base = name === 'openai' ? `${url}/v1` : url;
    writeFileSync(
      file,
      `provider: ${name}\nbase_url: ${base}\nauth: {env: ${KEY_ENV}}\nmax_retries: 1\n${name === 'anthropic' ? 'params: {max_tokens: 64}\n' : ''}`,
    );
    const loaded = loadLlmBlock(file);
    const retries: RetryEvent[] = [];
    const provider = createProvider(loaded.block, {
      env: { [KEY_ENV]: FAKE_KEY },
      backoff: () => 1,
      onRetry: (event) => retries.push(event),
    });
    const error = await provider
      .complete({ model: 'm', messages: [{ role: 'user', content: 'q' }], tools: [] })
      .catch((e: unknown) => e);
    // The key really went over the wire and came back in the body: the test can fail.
    expect(echoed).toHaveLength(2);
    expect(echoed[0]).toContain(FAKE_KEY);
    expect((error as Error).message).toContain('Incorrect API key provided: ');
    expect((error as Error).message).toContain('***');
    expect(retries[0]?.message).toContain('***');
    writeFileSync(
      join(dir, 'plan.json'),
      JSON.stringify({ block: loaded.canonical, hash: loaded.hash, error: String(error) }),
    );
    const texts = [
      inspect(error, { depth: 10 }),
      JSON.stringify((error as { data?: unknown }).data),
      JSON.stringify(retries),
      loaded.canonical,
      ...readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')),
    ];
    for (const text of texts) expect(text).not.toContain(FAKE_KEY);
  });

  test('a named variable that is unset is refused by its name', () => {
    const block =
      name === 'openai'
        ? { provider: name, base_url: url, auth: { env: 'NOT_SET_ANYWHERE_KEY' } }
        : { provider: name, base_url: url, auth: { env: 'NOT_SET_ANYWHERE_KEY' }, params: { max_tokens: 8 } };
    expect(() => createProvider(block, { env: {} })).toThrow(
      expect.objectContaining({
        code: 'LLM_KEY_MISSING',
        message: expect.stringContaining('`NOT_SET_ANYWHERE_KEY` is not set'),
      }),
    );
  });
});
