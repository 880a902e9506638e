import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; import: string }>;
  bin: Record<string, string>;
};

// The published entries are what a user imports: the global setup transpiled dist/ once
// (test/setup/build-dist.ts) and the real tsc adds the declarations here, type-checking the build
// as `npm run build` does (a type error fails this file); each entry is imported by its package
// name from a child process (Node's self-reference resolves `agent-track/...`).
beforeAll(() => {
  execFileSync(
    process.execPath,
    [resolve(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--emitDeclarationOnly'],
    { cwd: root, stdio: 'pipe' },
  );
}, 300_000);

const entries = Object.entries(pkg.exports).filter(([, target]) => typeof target !== 'string');

test.each(entries)('%s resolves to built JS and types', (entry, target) => {
  const { types, import: js } = target as { types: string; import: string };
  expect(existsSync(resolve(root, js))).toBe(true);
  expect(existsSync(resolve(root, types))).toBe(true);
  const name = entry === '.' ? 'agent-track' : `agent-track/${entry.slice(2)}`;
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import('${name}'); console.log(JSON.stringify(Object.keys(m)));`,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  expect((JSON.parse(out) as string[]).length).toBeGreaterThan(0);
});

test('agent-track/stats offers the named API after a build', () => {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { wilcoxonSignedRank, mcnemarExact, bootstrapCI, pairedComparison, hamiltonApportion, stratifiedSplit, minimumDetectableEffect, powerAtEffectBinary } from 'agent-track/stats';
       console.log(JSON.stringify({ w: wilcoxonSignedRank([1, 2, 3, 4, 5], { alternative: 'greater' }).pvalue,
         m: mcnemarExact(0, 0).pvalue, b: bootstrapCI([]).n, p: pairedComparison({}, {}, { kind: 'binary', direction: 'higher' }).pairs,
         h: hamiltonApportion([5, 3, 2], 4), s: stratifiedSplit([], { stratum: String }).dev.length,
         mde: minimumDetectableEffect({ sd: 0, n: 12, alpha: 0.05 }),
         pb: powerAtEffectBinary({ discordantRate: 1, n: 5, effect: 1, alpha: 0.05, sided: 'one' }) }));`,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  expect(JSON.parse(out)).toEqual({ w: 1 / 32, m: 1, b: 0, p: 0, h: [2, 1, 1], s: 0, mde: 0, pb: 1 });
});

test('agent-track/agent runs a provider against the offline endpoint after a build', () => {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { startEndpoint, createProvider, parseLlmBlock } from 'agent-track/agent';
       const endpoint = await startEndpoint({ policy: 'offline' });
       const block = parseLlmBlock({ provider: 'openai', base_url: endpoint.openaiBaseUrl }, 'inline');
       const result = await createProvider(block).complete({ model: 'offline', messages: [{ role: 'user', content: 'hi' }], tools: [] });
       await endpoint.close();
       console.log(JSON.stringify({ content: result.message.content, usage: result.usage }));`,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  const parsed = JSON.parse(out) as { content: string; usage: { prompt: number } };
  expect(parsed.content).toMatch(/^\[offline policy: /);
  expect(parsed.usage.prompt).toBe(1);
});

test('the bin is built and starts with a node shebang', () => {
  const bin = resolve(root, pkg.bin['agent-track']!);
  expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
  const version = execFileSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).trim();
  expect(version).toBe(
    (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }).version,
  );
});

test('agent-track/agent answers a question with the offline policy after a build (the embedded server from dist/)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'agent-track-built-ask-'));
  try {
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { askQuestion } from 'agent-track/agent';
         const run = await askQuestion({ question: 'How is the cart total computed?', corpus: 'fixtures/corpora/py-shop',
           model: 'offline', cacheDir: ${JSON.stringify(scratch)}, out: ${JSON.stringify(join(scratch, 'out'))} });
         console.log(JSON.stringify({ outcome: run.outcome, calls: run.tool_calls, offline: run.offline }));`,
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(JSON.parse(out)).toEqual({ outcome: 'answered', calls: 2, offline: true });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}, 60_000);

// What a library user who only scores trajectories pays for: the light entries load no native,
// plotting, agent-loop, model-SDK or MCP module. The CLI's startup (every command defined, none
// run) is light too, so each rollout's harness child starts without them.
const HEAVY = [
  'better-sqlite3',
  '@resvg/resvg-js',
  'vega',
  'vega-lite',
  '@langchain/langgraph',
  '@langchain/core',
  'openai',
  '@anthropic-ai/sdk',
  '@modelcontextprotocol/sdk',
];

// Each entry's probe runs once in this file (~1-2 CPU-s a process through the resolve hook); a
// second test about the same entry reads what the first one saw.
const probed = new Map<string, string[]>();

function packagesLoadedBy(specifier: string): string[] {
  const seen = probed.get(specifier);
  if (seen !== undefined) return seen;
  const loaded = probe(specifier);
  probed.set(specifier, loaded);
  return loaded;
}

function probe(specifier: string): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'agent-track-modules-'));
  const record = join(scratch, 'modules.txt');
  try {
    execFileSync(
      process.execPath,
      [
        '--import',
        resolve(import.meta.dirname, 'fixtures/record-modules.mjs'),
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(specifier)});`,
      ],
      { cwd: root, env: { ...process.env, RECORD_MODULES: record }, stdio: 'pipe' },
    );
    const urls = existsSync(record) ? readFileSync(record, 'utf8').split('\n') : [];
    const names = urls.flatMap((url) => {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
      return match ? [match[1]!] : [];
    });
    return [...new Set(names)].sort();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

test.each([
  'agent-track',
  'agent-track/stats',
  'agent-track/trajectory',
  'agent-track/retrieval',
  'agent-track/report',
  resolve(root, 'dist/cli/commands.js'),
  // The LLM block alone: what `harness validate-llm-block` loads, once per arm of a campaign.
  resolve(root, 'dist/agent/llm/index.js'),
])('importing %s loads none of the heavy modules', (specifier) => {
  const loaded = packagesLoadedBy(specifier);
  expect(loaded.filter((name) => HEAVY.includes(name))).toEqual([]);
});

test('the heavy entries do load them (the probe sees what it is looking for)', () => {
  expect(packagesLoadedBy('agent-track/plots')).toEqual(expect.arrayContaining(['vega', '@resvg/resvg-js']));
  expect(packagesLoadedBy('agent-track/product')).toEqual(expect.arrayContaining(['better-sqlite3']));
  expect(packagesLoadedBy('@modelcontextprotocol/sdk/client/index.js')).toEqual(
    expect.arrayContaining(['@modelcontextprotocol/sdk']),
  );
});

// The MCP SDK (with the JSON-schema validator its client and server build on) loads when a session
// connects or a server is made, not with the entries that can do so: a plan imports the product
// and agent layers through the optimize entry and connects to nothing.
test.each(['agent-track/agent', 'agent-track/product', 'agent-track/optimize'])(
  'importing %s loads no MCP SDK module',
  (specifier) => {
    expect(packagesLoadedBy(specifier).filter((name) => name === '@modelcontextprotocol/sdk')).toEqual([]);
  },
);

test('the agent entry loads LangGraph and the provider SDKs only when a rollout asks for them', () => {
  const loaded = packagesLoadedBy('agent-track/agent');
  expect(
    loaded.filter((name) => ['@langchain/langgraph', 'openai', '@anthropic-ai/sdk'].includes(name)),
  ).toEqual([]);
});

// A plan (before-after without --confirm-spend) loads the optimize entry: it draws nothing, so it
// loads no plotting module (vega alone was ~0.4 s of a 3 s plan); a report draws through a dynamic import.
test('the optimize entry loads no plotting module', () => {
  const loaded = packagesLoadedBy('agent-track/optimize');
  expect(loaded.filter((name) => ['vega', 'vega-lite', '@resvg/resvg-js'].includes(name))).toEqual([]);
});
