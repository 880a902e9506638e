import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openAgentProduct } from '../../../src/agent/manifest/agent-product.js';
import { loadProduct } from '../../../src/agent/manifest/load-manifest.js';
import {
  isHttpServer,
  productServerCommand,
  type ServerCommand,
  type ServerSpec,
} from '../../../src/agent/manifest/server-command.js';
import { DEFAULT_SERVING_CONFIG } from '../../../src/product/index.js';
import { ROOT, tempDir } from '../../product/helpers/workspace.js';

function stdio(spec: ServerSpec): ServerCommand {
  if (isHttpServer(spec)) throw new Error('expected a stdio server');
  return spec;
}

const PRODUCT_READS = openAgentProduct({ config: DEFAULT_SERVING_CONFIG }).reads;

const VALID = `name: demo
serve: [node, server.js, --config, "{config}", --workspace, "{workspace}"]
artifacts: {ask_prompt: prompts/ask.md, usage_skill: prompts/skill.md}
`;

function product(dir: string, manifest: string): void {
  mkdirSync(join(dir, 'prompts'), { recursive: true });
  writeFileSync(join(dir, 'prompts/ask.md'), 'Answer from the code.\n');
  writeFileSync(join(dir, 'prompts/skill.md'), '# Skill\nSearch first.\n');
  writeFileSync(join(dir, 'agent-track.product.yaml'), manifest);
}

test("this repository's manifest loads, with the reference server's roles", () => {
  const loaded = loadProduct(ROOT);
  expect(loaded.manifest.name).toBe('reference-code-search');
  expect(loaded.manifest.tools?.batch).toEqual({ get_symbol: 'get_symbols', read_file: 'read_files' });
});

test('the serve command gets its placeholders filled and runs from the product root', () => {
  using dir = tempDir();
  product(dir.path, VALID);
  expect(productServerCommand(loadProduct(dir.path), { config: '/c.yaml', workspace: '/ws' })).toEqual({
    command: 'node',
    args: ['server.js', '--config', '/c.yaml', '--workspace', '/ws'],
    cwd: dir.path,
  });
});

test('{corpus} is the task’s corpus directory; a server that reads only it builds no index; a task without one is refused', () => {
  using dir = tempDir();
  product(
    dir.path,
    'name: fs\nserve: [npx, --no, "pkg@1.2.3", "{corpus}"]\nartifacts: {ask_prompt: prompts/ask.md, usage_skill: prompts/skill.md}\n',
  );
  const opened = openAgentProduct({ dir: dir.path, config: 'c.yaml' });
  expect(opened.reads).toEqual({ workspace: false, corpus: true });
  expect(stdio(opened.serverFor({ workspace: null, corpus: '/data/shop' })).args).toEqual([
    '--no',
    'pkg@1.2.3',
    '/data/shop',
  ]);
  expect(() => opened.serverFor({ workspace: '/ws', corpus: null })).toThrow(
    expect.objectContaining({
      code: 'PRODUCT_PLACE_MISSING',
      message: expect.stringContaining('uses `{corpus}` in `serve`, but the task has no corpus directory'),
    }),
  );
  // The reference product reads an indexed workspace.
  expect(PRODUCT_READS).toEqual({ workspace: true, corpus: false });
});

test('serve over Streamable HTTP: the URL and its command get the placeholders, {port} left for the connection; an unknown one refused by key', () => {
  using dir = tempDir();
  const http =
    // biome-ignore lint/suspicious/noTemplateCurlyInString: `${MY_KEY}` is the manifest's env reference, not a template
    'name: h\nserve:\n  url: "http://127.0.0.1:{port}/mcp"\n  command: [node, server.js, --port, "{port}", "{corpus}"]\n  headers: { X-Key: "${MY_KEY}" }\nartifacts: {ask_prompt: prompts/ask.md, usage_skill: prompts/skill.md}\n';
  product(dir.path, http);
  expect(
    productServerCommand(loadProduct(dir.path), { config: '/c.yaml', workspace: null, corpus: '/data' }),
  ).toEqual({
    url: 'http://127.0.0.1:{port}/mcp',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the header template, kept unread until connecting
    headers: { 'X-Key': '${MY_KEY}' },
    process: { command: 'node', args: ['server.js', '--port', '{port}', '/data'], cwd: dir.path },
  });
  product(dir.path, http.replace('/mcp', '/{path}'));
  expect(() => loadProduct(dir.path)).toThrow(
    'uses the unknown placeholder `{path}` (known: {config}, {workspace}, {corpus}, {tool_docs}, {port})',
  );
  product(dir.path, 'name: h\nserve: [node, s.js, "{port}"]\n');
  expect(() => loadProduct(dir.path)).toThrow('`serve.2` uses the unknown placeholder `{port}`');
});

test('the system prompt is the ask prompt, a blank line, then the usage skill, from the files', () => {
  using dir = tempDir();
  product(dir.path, VALID);
  const opened = openAgentProduct({ dir: dir.path, config: 'c.yaml' });
  expect(opened.system).toBe('Answer from the code.\n\n# Skill\nSearch first.');
  expect(stdio(opened.serverFor({ workspace: 'ws', corpus: null })).cwd).toBe(dir.path);
});

test.each([
  ['an unknown top-level key', `${VALID}servre: [x]\n`, 'unknown key `servre`'],
  [
    'an unknown artifact key',
    VALID.replace('usage_skill', 'usage_skil'),
    'unknown key `artifacts.usage_skil`',
  ],
  [
    'an unknown placeholder',
    VALID.replace('{workspace}', '{workdir}'),
    '`serve.5` uses the unknown placeholder `{workdir}`',
  ],
  ['an empty serve command', VALID.replace(/serve: .*\n/, 'serve: []\n'), '`serve`'],
  [
    'an artifact outside the root',
    VALID.replace('prompts/ask.md', '../ask.md'),
    '`artifacts.ask_prompt` = `../ask.md` is outside the product root',
  ],
  [
    'a missing artifact',
    VALID.replace('prompts/ask.md', 'prompts/gone.md'),
    '`artifacts.ask_prompt` = `prompts/gone.md`, which does not exist',
  ],
])('%s is refused by name, naming the file', (_, manifest, message) => {
  using dir = tempDir();
  product(dir.path, manifest);
  const file = join(dir.path, 'agent-track.product.yaml');
  expect(() => loadProduct(dir.path)).toThrow(message);
  expect(() => loadProduct(dir.path)).toThrow(`\`${file}\``);
});

test('an artifact that is a link inside the root to a file outside it is refused (resolved, not compared as text)', () => {
  using dir = tempDir();
  using outside = tempDir();
  product(dir.path, VALID);
  writeFileSync(join(outside.path, 'secret.txt'), 'root:x:0:0\n');
  rmSync(join(dir.path, 'prompts/ask.md'));
  symlinkSync(join(outside.path, 'secret.txt'), join(dir.path, 'prompts/ask.md'));
  expect(() => loadProduct(dir.path)).toThrow(
    '`artifacts.ask_prompt` = `prompts/ask.md` resolves (through a link) outside the product root',
  );
  // A link that stays inside the root is fine.
  rmSync(join(dir.path, 'prompts/ask.md'));
  symlinkSync(join(dir.path, 'prompts/skill.md'), join(dir.path, 'prompts/ask.md'));
  expect(loadProduct(dir.path).manifest.name).toBeDefined();
});

test('a root with no manifest is refused naming the file it looked for', () => {
  using dir = tempDir();
  expect(() => loadProduct(dir.path)).toThrow(
    `No product manifest at \`${join(dir.path, 'agent-track.product.yaml')}\``,
  );
});

test('{tool_docs} in the serve command is the manifest tool docs made absolute, or the file given', () => {
  using dir = tempDir();
  product(
    dir.path,
    `name: demo
serve: [node, server.js, --tool-docs, "{tool_docs}"]
artifacts: {ask_prompt: prompts/ask.md, usage_skill: prompts/skill.md, tool_docs: prompts/ask.md}
`,
  );
  const loaded = loadProduct(dir.path);
  const values = { config: '/c.yaml', workspace: '/ws' };
  expect(stdio(productServerCommand(loaded, values)).args).toEqual([
    'server.js',
    '--tool-docs',
    join(dir.path, 'prompts/ask.md'),
  ]);
  expect(stdio(productServerCommand(loaded, { ...values, toolDocs: '/cand/docs.yaml' })).args).toEqual([
    'server.js',
    '--tool-docs',
    '/cand/docs.yaml',
  ]);
});

test('{tool_docs} with no tool docs to fill it is refused naming the manifest', () => {
  using dir = tempDir();
  product(dir.path, VALID.replace('"{workspace}"]', '"{workspace}", --docs, "{tool_docs}"]'));
  expect(() => productServerCommand(loadProduct(dir.path), { config: '/c', workspace: '/w' })).toThrow(
    /uses `\{tool_docs\}` in `serve` but names no `artifacts.tool_docs`/,
  );
});

test('a manifest under another file name loads when named', () => {
  using dir = tempDir();
  product(dir.path, VALID);
  writeFileSync(join(dir.path, 'other.yaml'), VALID.replace('name: demo', 'name: other'));
  expect(loadProduct(dir.path, 'other.yaml').manifest.name).toBe('other');
});

test('a manifest without artifacts loads (a campaign arm); running the agent on it names the missing key', () => {
  using dir = tempDir();
  writeFileSync(
    join(dir.path, 'agent-track.product.yaml'),
    'name: arm\nsetup: null\nserve: [node, s.js]\nharness: [node, h.js]\n',
  );
  expect(loadProduct(dir.path).manifest.artifacts).toEqual({});
  expect(() => openAgentProduct({ dir: dir.path, config: 'c.yaml' })).toThrow(
    /names no `artifacts.ask_prompt`, which running the agent on it needs/,
  );
});
