import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { cli } from './run-cli.js';

// Issue 39: a path flag naming nothing (or a file where a directory goes) was found only when the
// command reached it, after indexing, probing or starting a server. Every command now refuses it
// while the command line is parsed, by flag and value, with the one parser of each kind.
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-path-flags-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const nothing = join(scratch, 'nothing');
const file = join(scratch, 'a-file');
writeFileSync(file, 'not a directory\n');

const noConfig = `Expected the \`--config\` option to be an existing file, got \`${nothing}\` (string)`;
const noWorkspace = `Expected the \`--workspace\` option to be an existing directory, got \`${nothing}\` (string)`;
const cacheFile = `Expected the \`--cache-dir\` option to be a directory (existing, or to be made), got \`${file}\` (string)`;
const SPLIT = ['--dataset', 'fixture-code', '--split', 'small_test'];
const TRACK = [
  'track',
  '--agent-bin',
  'fixtures/bin/fake-claude.mjs',
  '--dataset',
  'fixtures/track/tasks.jsonl',
  '--split',
  'all',
];
const ASK = ['ask', 'where is the total', '--corpus', 'fixtures/corpora/py-shop', '--model', 'offline'];
const HARNESS = [
  'harness',
  'run',
  '--tasks',
  'fixtures/track/tasks.jsonl',
  '--out',
  join(scratch, 'h'),
  '--model',
  'offline',
];

test.each([
  ['retrieval --config', ['retrieval', ...SPLIT, '--config', nothing], noConfig],
  ['retrieval --workspace', ['retrieval', ...SPLIT, '--workspace', nothing], noWorkspace],
  ['retrieval --cache-dir', ['retrieval', ...SPLIT, '--cache-dir', file], cacheFile],
  ['compare --config', ['compare', '--config', nothing], noConfig],
  [
    'compare --cache-dir',
    ['compare', '--config', 'configs/compare/filesystem.yaml', '--cache-dir', file],
    cacheFile,
  ],
  ['track --config', [...TRACK, '--config', nothing], noConfig],
  ['track --cache-dir', [...TRACK, '--cache-dir', file], cacheFile],
  ['ask --config', [...ASK, '--config', nothing], noConfig],
  ['ask --cache-dir', [...ASK, '--cache-dir', file], cacheFile],
  ['serve --workspace', ['serve', '--workspace', nothing], noWorkspace],
  ['serve --config', ['serve', '--workspace', scratch, '--config', nothing], noConfig],
  [
    'index --config',
    ['index', '--corpus', 'fixtures/corpora/py-shop', '--out', join(scratch, 'ws'), '--config', nothing],
    noConfig,
  ],
  ['optimize --config', ['optimize', '--config', nothing, '--dry-run'], noConfig],
  [
    'optimize --cache-dir',
    ['optimize', '--config', 'configs/optimize/tool_docs.yaml', '--dry-run', '--cache-dir', file],
    cacheFile,
  ],
  ['harness run --config', [...HARNESS, '--config', nothing], noConfig],
  ['harness run --workspace', [...HARNESS, '--workspace', nothing], noWorkspace],
  ['harness run --cache-dir', [...HARNESS, '--cache-dir', file], cacheFile],
  ['worker --cache-dir', ['worker', '--queue', 'redis://127.0.0.1:1', '--cache-dir', file], cacheFile],
  ['cache info --cache-dir', ['cache', 'info', '--cache-dir', file], cacheFile],
])(
  '%s: refused by flag and value while parsing, exit 2',
  async (_name, args, message) => {
    const result = await cli(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`agent-track: ${message}\n`);
  },
  60_000,
);
