import { expect, test } from 'vitest';
import { openAgentProduct } from '../../../src/agent/manifest/agent-product.js';
import { connectMcpServer } from '../../../src/agent/mcp/mcp-session.js';
import { DEFAULT_SERVING_CONFIG, loadServingConfig, serveHttp } from '../../../src/product/index.js';
import { indexedFixture } from '../../product/helpers/workspace.js';

const STDIO = openAgentProduct({ config: DEFAULT_SERVING_CONFIG });
const HTTP = openAgentProduct({ config: DEFAULT_SERVING_CONFIG, http: true });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('the reference server over Streamable HTTP on 127.0.0.1: started on a free port, the same tools and rows as stdio, stopped on close', async () => {
  using ws = indexedFixture('py-shop');
  const place = { workspace: ws.workspace, corpus: null };
  const spec = HTTP.serverFor(place);
  expect(spec).toMatchObject({ url: 'http://127.0.0.1:{port}/mcp', headers: {} });
  const http = await connectMcpServer(spec);
  const stdio = await connectMcpServer(STDIO.serverFor(place));
  try {
    expect(http.definitions).toEqual(stdio.definitions);
    expect(http.descriptionTokens).toBe(stdio.descriptionTokens);
    const [overHttp, overStdio] = await Promise.all([
      http.call('search_codebase', { query: 'cart total', limit: 3 }),
      stdio.call('search_codebase', { query: 'cart total', limit: 3 }),
    ]);
    expect(overHttp.structuredContent).toEqual(overStdio.structuredContent);
    expect((overHttp.structuredContent as { rows: { path: string }[] }).rows[0]?.path).toBe('shop/cart.py');
    // An MCP error result comes back as a result over HTTP too.
    expect((await http.call('read_file', { path: 'shop/nope.py' })).isError).toBe(true);
  } finally {
    await stdio.close();
  }
  const pid = http.pid!;
  expect(alive(pid)).toBe(true);
  await http.close();
  expect(alive(pid)).toBe(false);
}, 60_000);

test('a server already running at a URL: headers are read from the environment when connecting, an unset one refused by name', async () => {
  using ws = indexedFixture('py-shop');
  const serving = await serveHttp({ workspace: ws.workspace, config: loadServingConfig(), port: 0 });
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: `${NAME}` names an environment variable
    const spec = { url: serving.url, headers: { Authorization: 'Bearer ${AT_TEST_MCP_KEY}' }, process: null };
    const session = await connectMcpServer(spec, { env: { AT_TEST_MCP_KEY: 'sk-test-123' } });
    try {
      expect(session.pid).toBeNull();
      expect(session.definitions.map((tool) => tool.name)).toContain('search_codebase');
    } finally {
      await session.close();
    }
    await expect(connectMcpServer(spec, { env: {} })).rejects.toMatchObject({
      code: 'MCP_HEADER_ENV_MISSING',
      message: `The \`Authorization\` header of the MCP server at \`${serving.url}\` reads the environment variable \`AT_TEST_MCP_KEY\`, which is not set`,
    });
  } finally {
    await serving.close();
  }
  // Nothing listens any more: the connection fails to start, naming the URL.
  await expect(connectMcpServer({ url: serving.url, headers: {}, process: null })).rejects.toMatchObject({
    code: 'MCP_SERVER_START_FAILED',
    message: expect.stringContaining(`The MCP server \`${serving.url}\` failed to start`),
  });
}, 60_000);

test('an HTTP server command that dies before it listens fails to start with its stderr', async () => {
  const spec = {
    url: 'http://127.0.0.1:{port}/mcp',
    headers: {},
    process: {
      command: process.execPath,
      args: ['-e', 'console.error("no bundle here"); process.exit(3)', '{port}'],
      cwd: '.',
    },
  };
  await expect(connectMcpServer(spec)).rejects.toMatchObject({
    code: 'MCP_SERVER_START_FAILED',
    message: expect.stringContaining('no bundle here'),
  });
});
