import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { resolvePolicy } from '../../../src/agent/endpoint/resolve-policy.js';
import { loadScript, parseScript } from '../../../src/agent/endpoint/script-policy.js';
import { type RunningEndpoint, startEndpoint } from '../../../src/agent/endpoint/start-endpoint.js';
import { connect, type Harness, scripted } from '../endpoint-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'agent-track-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('script refusals name the key', () => {
  test.each([
    [{ turns: [{ contnt: 'x' }] }, 'unknown key `turns.0.contnt`'],
    [
      { turns: [{ content: 'x' }, { error: { status: 429, message: 'm' }, content: 'x' }] },
      'unknown key `turns.1.content`',
    ],
    [
      { turns: [{ error: { status: 200, message: 'm' } }] },
      '`turns.0.error.status` expected number to be >=400, got `200` (number)',
    ],
    [{ turns: [{ tool_calls: [{ arguments: {} }] }] }, '`turns.0.tool_calls.0.name` is required'],
    [{ turns: [] }, '`turns` expected array to have >=1 items'],
    [{ turn: [] }, 'unknown key `turn`'],
  ])('%j', (value, expected) => {
    expect(() => parseScript(value, 'case.yaml')).toThrow(
      expect.objectContaining({ code: 'SCRIPT_INVALID' }),
    );
    expect(() => parseScript(value, 'case.yaml')).toThrow(/^The endpoint script `case\.yaml` is refused: /);
    expect(() => parseScript(value, 'case.yaml')).toThrow(expected);
  });

  test('a YAML script file loads; `script:FILE` resolves to it; a bad policy name is refused', () => {
    const file = join(dir, 'script.yaml');
    writeFileSync(file, 'turns:\n  - error: {status: 429, message: slow}\n  - content: done\n');
    expect(loadScript(file).turns).toHaveLength(2);
    expect(resolvePolicy(`script:${file}`)).toMatchObject({ name: `script:${file}`, stateful: true });
    expect(() => resolvePolicy('model')).toThrow(
      'Expected the `policy` option to be `offline` or `script:FILE`, got `model` (string)',
    );
  });
});

describe('the HTTP endpoint', () => {
  let endpoint: RunningEndpoint | undefined;
  let open: Harness | undefined;
  afterEach(async () => {
    await endpoint?.close();
    await open?.endpoint.close();
    endpoint = open = undefined;
  });

  test('GET /v1/models lists the policy; an unknown route is 404; a bad body is 400 naming the key', async () => {
    endpoint = await startEndpoint({ policy: 'offline' });
    const models = await fetch(`${endpoint.openaiBaseUrl}/models`);
    expect(await models.json()).toEqual({
      object: 'list',
      data: [{ id: 'offline', object: 'model', created: 0, owned_by: 'agent-track offline' }],
    });
    expect((await fetch(`${endpoint.url}/v1/audio/speech`, { method: 'POST', body: '{}' })).status).toBe(404);
    // Embeddings are served (the stand-in embedder): a body without input is 400.
    expect((await fetch(`${endpoint.url}/v1/embeddings`, { method: 'POST', body: '{}' })).status).toBe(400);
    const bad = await fetch(`${endpoint.openaiBaseUrl}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [{ role: 'wizard', content: 'x' }] }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain(
      '`messages.0.role`',
    );
    expect(endpoint.requests.map((r) => [r.index, r.method, r.path, r.status])).toEqual([
      [null, 'GET', '/v1/models', 200],
      [null, 'POST', '/v1/audio/speech', 404],
      [null, 'POST', '/v1/embeddings', 400],
      [0, 'POST', '/v1/chat/completions', 400],
    ]);
    expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  test('a request past the script is refused with 400 naming the script, not retried', async () => {
    open = await connect('openai', scripted([{ content: 'only one' }]));
    const ask = { model: 'm', messages: [{ role: 'user' as const, content: 'q' }], tools: [] };
    await open.provider.complete(ask);
    await expect(open.provider.complete(ask)).rejects.toThrow(
      'HTTP 400 (not retryable, not retried): `the endpoint script `inline` has 1 turns; request 2 has none`',
    );
    expect(open.completions()).toBe(2);
  });

  test('a scripted id and finish reason pass through; scripted turns ignore the request', async () => {
    open = await connect(
      'anthropic',
      scripted([
        {
          tool_calls: [{ id: 'toolu_fixed', name: 'read_file', arguments: { path: 'a.py' } }],
          finish_reason: 'length',
        },
      ]),
    );
    const result = await open.provider.complete({
      model: 'm',
      messages: [{ role: 'user', content: 'q' }],
      tools: [],
    });
    expect(result.message.tool_calls).toEqual([
      { id: 'toolu_fixed', name: 'read_file', arguments: { path: 'a.py' }, arguments_raw: '{"path":"a.py"}' },
    ]);
    expect(result.finish_reason).toBe('length');
  });

  test('close() ends a delayed reply at once', async () => {
    endpoint = await startEndpoint({ policy: scripted([{ content: 'slow', delay_ms: 60_000 }]) });
    const pending = fetch(`${endpoint.openaiBaseUrl}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'q' }] }),
    }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await endpoint.close();
    await pending;
    expect(Date.now() - started).toBeLessThan(2000);
    endpoint = undefined;
  });
});
