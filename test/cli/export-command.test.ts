import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cli, ROOT } from './run-cli.js';

const RUN = join(ROOT, 'fixtures/runs/viewer-small');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-export-cli-'));
// A key an agent could have echoed: its value is in the fixture's calls, so it must be cut.
const KEY_ENV = 'EXPORT_CHECK_API_KEY';
const SECRET = 'handler for feature';
const TOKEN_ENV = 'EXPORT_CHECK_OTLP_TOKEN';
const TOKEN = 'Bearer otlp-token-5f2c9a';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let server: Server;
let url: string;
const received: Received[] = [];

// A real OTLP/HTTP receiver on 127.0.0.1: it decodes each JSON body and answers as a collector does.
beforeAll(async () => {
  process.env[KEY_ENV] = SECRET;
  process.env[TOKEN_ENV] = TOKEN;
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"partialSuccess":{}}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
});
afterAll(async () => {
  delete process.env[KEY_ENV];
  delete process.env[TOKEN_ENV];
  await new Promise((done) => server.close(done));
  rmSync(scratch, { recursive: true, force: true });
});

type Span = { name: string; attributes: { key: string; value: Record<string, unknown> }[] };
const spansOf = (body: string): Span[] =>
  (JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] }).resourceSpans.flatMap((r) =>
    r.scopeSpans.flatMap((s) => s.spans),
  );
const attribute = (span: Span, key: string) => span.attributes.find((a) => a.key === key)?.value;

describe('agent-track export --otlp (a real child process, a real receiver)', () => {
  test('to OTLP/HTTP: one request per trajectory, GenAI spans, the header from its variable, no key anywhere', async () => {
    const out = await cli('export', '--otlp', url, '--header', `Authorization=${TOKEN_ENV}`, RUN);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(
      new RegExp(`^exported 14 trajectories \\(\\d+ spans, \\d+ KiB of OTLP JSON\\) to ${url}`),
    );
    expect(received).toHaveLength(14);
    expect(received.every((r) => r.path === '/v1/traces' && r.headers.authorization === TOKEN)).toBe(true);
    const spans = received.flatMap((r) => spansOf(r.body));
    const roots = spans.filter((s) => attribute(s, 'gen_ai.operation.name')?.stringValue === 'invoke_agent');
    expect(roots).toHaveLength(14);
    expect(new Set(roots.map((s) => attribute(s, 'agent_track.arm')?.stringValue))).toEqual(
      new Set(['baseline', 'candidate']),
    );
    const tools = spans.filter((s) => attribute(s, 'gen_ai.tool.name')?.stringValue === 'search_codebase');
    expect(tools[0]!.name).toBe('execute_tool search_codebase');
    // 'Where is the handler for feature 0 defined?' went out with the key's value cut.
    expect(tools.map((s) => attribute(s, 'gen_ai.tool.call.arguments')?.stringValue)).toContain(
      '{"query":"Where is the *** 0 defined?","limit":10}',
    );
    // The key value (in the calls) and the token (a header) are in no body and no output.
    const everything = received.map((r) => r.body).join('\n') + out.stdout + out.stderr;
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(TOKEN);
  });

  test('refused before any work (exit 2): a bad --header, an unset variable, a bad --timeout, no run', async () => {
    const before = received.length;
    const bad = await cli('export', '--otlp', url, '--header', 'Authorization: x', RUN);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('NAME=ENVVAR');
    const unset = await cli(
      'export',
      '--otlp',
      url,
      '--header',
      'Authorization=EXPORT_CHECK_UNSET_TOKEN',
      RUN,
    );
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain('`EXPORT_CHECK_UNSET_TOKEN`, which is not set');
    const timeout = await cli('export', '--otlp', url, '--timeout', '0', RUN);
    expect(timeout.code).toBe(2);
    expect(timeout.stderr).toContain('--timeout');
    const none = await cli('export', '--otlp', url, join(scratch, 'nowhere'));
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Nothing to export');
    expect(received.length).toBe(before);
  });

  test('a receiver that is down: exit 2 naming the URL; a file destination (its directory made) holds no temp file', async () => {
    const down = 'http://127.0.0.1:9/v1/traces';
    const failed = await cli('export', '--otlp', down, '--timeout', '2000', RUN);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain(`Export to \`${down}\` failed`);
    const file = join(scratch, 'not-yet', 'run.otlp.jsonl');
    const written = await cli('export', '--otlp', file, '--only', 'task-000', RUN);
    expect(written.code).toBe(0);
    expect(written.stdout).toContain('exported 2 trajectories');
    const scored = await cli('metrics', file, '--tools', 'default', '--json');
    expect(JSON.parse(scored.stdout).trajectories).toHaveLength(2);
    expect(readdirSync(join(scratch, 'not-yet'))).toEqual(['run.otlp.jsonl']);
  });
});
