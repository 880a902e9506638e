import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { harnessRun } from '../../../src/agent/harness/harness-run.js';
import { PROBED_ENV, probeCorpora } from '../../../src/agent/harness/probe-corpora.js';
import { distinctWord, probeTarget } from '../../../src/agent/harness/product-probe.js';
import { openAgentProduct } from '../../../src/agent/manifest/agent-product.js';
import { freshServers, type ServerPool } from '../../../src/agent/mcp/server-pool.js';
import { DEFAULT_SERVING_CONFIG } from '../../../src/product/index.js';
import { tempDir } from '../../product/helpers/workspace.js';

const REPO = join(import.meta.dirname, '../../..');
const PRODUCTS = join(REPO, 'fixtures/products');
const CORPUS = join(REPO, 'fixtures/track/corpus');
const SERVER = join(REPO, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
// One task of the track fixture: its gold file is the file the probe looks for.
const TASK = {
  id: 't1',
  question: 'How is a discount applied to an invoice total?',
  gold: { files: ['billing/invoice.py'] },
  corpus: { dir: CORPUS },
};

function tasksFile(dir: string): string {
  const file = join(dir, 'tasks.jsonl');
  writeFileSync(file, `${JSON.stringify(TASK)}\n`);
  return file;
}

// A product root of its own: the real server-filesystem run by node from this checkout, serving
// `where`, with the given roles.
function product(dir: string, where: string, tools: string): string {
  const root = join(dir, 'product');
  mkdirSync(root);
  writeFileSync(join(root, 'ask.md'), 'Answer with the files you used.\n');
  writeFileSync(join(root, 'skill.md'), 'Search, then read.\n');
  writeFileSync(
    join(root, 'agent-track.product.yaml'),
    `name: custom\nserve: [node, ${JSON.stringify(SERVER)}, ${JSON.stringify(where)}]\nartifacts: { ask_prompt: ask.md, usage_skill: skill.md }\ntools: ${tools}\n`,
  );
  return root;
}

describe('probeTarget', () => {
  test('the first gold file the corpus holds, else the corpus first file (name order, depth first)', () => {
    expect(probeTarget(CORPUS, { gold: { files: ['gone.py', 'shipping/parcel.py'] } })).toBe(
      'shipping/parcel.py',
    );
    expect(probeTarget(CORPUS, { gold: { files: ['gone.py'] } })).toBe('billing/invoice.py');
    expect(probeTarget(CORPUS)).toBe('billing/invoice.py');
    using dir = tempDir();
    mkdirSync(join(dir.path, '.git'));
    writeFileSync(join(dir.path, '.git/HEAD'), 'ref\n');
    expect(probeTarget(dir.path)).toBeNull();
    expect(probeTarget(join(dir.path, 'missing'))).toBeNull();
  });
});

describe('the probe before the first rollout (harnessRun)', () => {
  test('a server serving its own folder instead of {corpus} is refused before any rollout, naming the manifest, the tool and the result', async () => {
    using dir = tempDir();
    const out = join(dir.path, 'run');
    const manifest = join(PRODUCTS, 'filesystem-blind/agent-track.product.yaml');
    // What it sees instead: the manifest's own folder, every path of it.
    const listed = JSON.stringify(
      ['agent-track.product.yaml', 'ask_prompt.md', 'usage_skill.md']
        .map((file) => join(PRODUCTS, 'filesystem-blind', file))
        .join('\n'),
    );
    const run = harnessRun({
      tasks: tasksFile(dir.path),
      out,
      model: 'offline',
      product: join(PRODUCTS, 'filesystem-blind'),
      cacheDir: join(dir.path, 'cache'),
    });
    await expect(run).rejects.toMatchObject({
      code: 'PRODUCT_PROBE_FAILED',
      message: `The product \`${manifest}\` does not see the task's corpus: its search tool \`search_files\` was asked \`{"path":".","pattern":"**/invoice.py"}\` then \`{"path":".","pattern":"**/*"}\` for \`billing/invoice.py\`, a file of the corpus \`${CORPUS}\`, and returned ${listed}. Does its \`serve\` pass \`{corpus}\` (an absolute path), or read paths against its own folder?`,
      data: { manifest, tool: 'search_files', target: 'billing/invoice.py', result: listed },
    });
    // No rollout ran: no trajectory, no ledger line.
    expect(existsSync(join(out, 'tasks'))).toBe(false);
    expect(existsSync(join(out, 'ledger.jsonl'))).toBe(false);
  }, 120_000);

  test('the same server given {corpus} passes, and the probe is reported', async () => {
    using dir = tempDir();
    const probes: string[] = [];
    const summary = await harnessRun({
      tasks: tasksFile(dir.path),
      out: join(dir.path, 'run'),
      model: 'offline',
      product: join(PRODUCTS, 'filesystem'),
      cacheDir: join(dir.path, 'cache'),
      onProbe: (probe) => probes.push(probe.line),
    });
    expect(summary).toMatchObject({ done: 1, failed: 0 });
    expect(summary.probes).toEqual([
      {
        manifest: join(PRODUCTS, 'filesystem/agent-track.product.yaml'),
        corpus: CORPUS,
        status: 'found',
        tool: 'search_files',
        args: { path: '.', pattern: '**/invoice.py' },
        target: 'billing/invoice.py',
        descriptionTokens: expect.any(Number),
        line: `probe: \`server-filesystem\` finds \`billing/invoice.py\` in the corpus \`${CORPUS}\` (search_files {"path":".","pattern":"**/invoice.py"})`,
      },
    ]);
    expect(probes).toEqual([summary.probes[0]!.line]);
  }, 120_000);

  test('a campaign child told the product was probed (AGENT_TRACK_PROBED=1) does not probe: the blind server then answers from the manifest folder, as every run did before the probe', async () => {
    using dir = tempDir();
    const summary = await harnessRun({
      tasks: tasksFile(dir.path),
      out: join(dir.path, 'run'),
      model: 'offline',
      product: join(PRODUCTS, 'filesystem-blind'),
      cacheDir: join(dir.path, 'cache'),
      env: { ...process.env, [PROBED_ENV]: '1' },
    });
    // What ran before the probe existed: answered, from the wrong folder.
    expect(summary).toMatchObject({ done: 1, failed: 0, probes: [], outcomes: { answered: 1 } });
  }, 120_000);
});

describe('a product with no search role', () => {
  test('its read role tool reads the file by its corpus-relative path; served elsewhere, the read error is the refusal', async () => {
    using dir = tempDir();
    const roles = '{ search: [], read: [read_text_file], symbol: null, batch: {}, identified: [] }';
    const blind = product(dir.path, '.', roles);
    await expect(
      harnessRun({
        tasks: tasksFile(dir.path),
        out: join(dir.path, 'run'),
        model: 'offline',
        product: blind,
        cacheDir: join(dir.path, 'cache'),
      }),
    ).rejects.toThrow(
      `its read tool \`read_text_file\` was asked \`{"path":"billing/invoice.py"}\` for \`billing/invoice.py\`, a file of the corpus \`${CORPUS}\`, and returned an error "ENOENT: no such file or directory, open '${blind}/billing/invoice.py'"`,
    );
  }, 120_000);

  test('with neither a search nor a read role the probe is skipped, and says so', async () => {
    using dir = tempDir();
    const root = product(
      dir.path,
      '{corpus}',
      '{ search: [], read: [], symbol: null, batch: {}, identified: [] }',
    );
    const opened = openAgentProduct({ dir: root, config: DEFAULT_SERVING_CONFIG });
    const { probes, servers } = await probeCorpora([TASK], {
      product: opened,
      workspaces: async () => ({ workspace: null, corpus: CORPUS }),
    });
    await servers.close();
    expect(probes.map((probe) => [probe.status, probe.line])).toEqual([
      [
        'skipped',
        `probe: skipped for \`custom\`: its \`tools:\` names no search or read tool its server offers with arguments to fill (it offers ${'`read_file`, `read_text_file`, `read_media_file`, `read_multiple_files`, `write_file`, `edit_file`, `create_directory`, `list_directory`, `list_directory_with_sizes`, `directory_tree`, `move_file`, `search_files`, `get_file_info`, `list_allowed_directories`'}); nothing shows its server sees the corpus \`${CORPUS}\``,
      ],
    ]);
  }, 120_000);
});

test('a search of contents, which finds no file name, is asked a word the file holds next (the real HTTP example server)', async () => {
  const opened = openAgentProduct({ dir: join(PRODUCTS, 'http-example'), config: DEFAULT_SERVING_CONFIG });
  const corpus = join(REPO, 'fixtures/corpora/go-kv');
  const task = { ...TASK, id: 'go-05', gold: { files: ['server/middleware.go'] }, corpus: { dir: corpus } };
  // The file's longest identifier-like token: the word a content search is asked for.
  expect(distinctWord(join(corpus, 'server/middleware.go'))).toBe('StatusTooManyRequests');
  const { probes, servers } = await probeCorpora([task], {
    product: opened,
    workspaces: async () => ({ workspace: null, corpus }),
  });
  await servers.close();
  expect(probes.map(({ status, tool, args, target }) => ({ status, tool, args, target }))).toEqual([
    {
      status: 'found',
      tool: 'search_files',
      args: { query: 'StatusTooManyRequests' },
      target: 'server/middleware.go',
    },
  ]);
}, 120_000);

test('the probed server is handed to the first rollout that asks for it: the probe starts no server of its own', async () => {
  using dir = tempDir();
  const root = product(
    dir.path,
    '{corpus}',
    '{ search: [search_files], read: [], symbol: null, batch: {}, identified: [] }',
  );
  const opened = openAgentProduct({ dir: root, config: DEFAULT_SERVING_CONFIG });
  const inner = freshServers();
  let started = 0;
  const counting: ServerPool = {
    acquire: (spec) => {
      started += 1;
      return inner.acquire(spec);
    },
    release: (session, clean) => inner.release(session, clean),
    close: () => inner.close(),
  };
  const place = { workspace: null, corpus: CORPUS };
  const { probes, servers } = await probeCorpora([TASK, { ...TASK, id: 't2' }], {
    product: opened,
    workspaces: async () => place,
    servers: counting,
  });
  expect(probes.map((probe) => probe.status)).toEqual(['found']);
  expect(started).toBe(1);
  const first = await servers.acquire(opened.serverFor(place));
  expect(started).toBe(1);
  expect(first.alive).toBe(true);
  const second = await servers.acquire(opened.serverFor(place));
  expect(started).toBe(2);
  await servers.release(first, true);
  await servers.release(second, true);
  await servers.close();
}, 120_000);

test('a server probed already (a runner probed it for an earlier rollout) is not probed again', async () => {
  using dir = tempDir();
  const root = product(
    dir.path,
    '{corpus}',
    '{ search: [search_files], read: [], symbol: null, batch: {}, identified: [] }',
  );
  const opened = openAgentProduct({ dir: root, config: DEFAULT_SERVING_CONFIG });
  const place = { workspace: null, corpus: CORPUS };
  const probed = new Set<string>();
  const probe = async () => {
    const { probes, servers } = await probeCorpora([TASK], {
      product: opened,
      workspaces: async () => place,
      probed,
    });
    await servers.close();
    return probes.map((one) => one.status);
  };
  expect(await probe()).toEqual(['found']);
  expect([...probed]).toEqual([JSON.stringify(opened.serverFor(place))]);
  expect(await probe()).toEqual([]);
}, 120_000);
