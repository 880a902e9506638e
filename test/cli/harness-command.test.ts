import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { startEndpoint } from '../../src/agent/endpoint/start-endpoint.js';
import { ARCHITECTURES } from '../../src/agent/loop/architecture.js';
import { commands } from '../../src/cli/commands.js';
import { ARCHITECTURES as CLI_ARCHITECTURES } from '../../src/cli/options.js';
import { createProgram } from '../../src/cli/program.js';
import { FAKE_KEY, KEY_ENV } from '../agent/endpoint-helpers.js';
import { CLI } from '../product/helpers/mcp-client.js';
import { CORPORA, ROOT, tempDir } from '../product/helpers/workspace.js';

const run = promisify(execFile);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('harness run as a child process: trajectories and a ledger, and the key in the env var appears in no file it writes', async () => {
  using dir = tempDir();
  const endpoint = await startEndpoint({ policy: 'offline' });
  await using _ = { [Symbol.asyncDispose]: () => endpoint.close() };
  const block = join(dir.path, 'llm.yaml');
  writeFileSync(block, `provider: openai\nbase_url: ${endpoint.openaiBaseUrl}\nauth: {env: ${KEY_ENV}}\n`);
  const tasks = join(dir.path, 'tasks.jsonl');
  const corpus = { dir: join(CORPORA, 'ts-notes') };
  writeFileSync(
    tasks,
    [
      { id: 'a', question: 'How are notes saved?', gold: { files: ['src/store.ts'] }, corpus },
      { id: 'b', question: 'How are notes searched?', gold: { files: ['src/search.ts'] }, corpus },
    ]
      .map((t) => JSON.stringify(t))
      .join('\n'),
  );
  const out = join(dir.path, 'out');
  const cache = join(dir.path, 'cache');
  const argv = [
    ...CLI.slice(1),
    'harness',
    'run',
    '--tasks',
    tasks,
    '--out',
    out,
    '--model',
    'some-model',
    '--llm-block',
    block,
    '--cache-dir',
    cache,
    '--concurrency',
    '2',
    '--turn-budget',
    '4',
  ];
  const env = { ...process.env, [KEY_ENV]: FAKE_KEY, AGENT_TRACK_CONFIRM_SPEND: '' };
  // A model through a block may cost money: without --confirm-spend nothing is sent, exit 2.
  const refused = await run(CLI[0], argv, { cwd: ROOT, env }).catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(refused).toMatchObject({ code: 2 });
  expect((refused as { stderr: string }).stderr).toContain(
    'add --confirm-spend to run it (nothing was sent)',
  );
  expect(endpoint.requests).toHaveLength(0);
  const child = await run(CLI[0], [...argv, '--confirm-spend'], { cwd: ROOT, env });
  expect(child.stdout).toMatch(/^a\tanswered\tturns 4\tcalls 3\t\d+ ms$/m);
  expect(child.stdout).toContain('2 done (answered 2), 0 failed, 0 skipped');
  expect(`${child.stdout}${child.stderr}`).not.toContain(FAKE_KEY);
  const written = [...filesUnder(out), ...filesUnder(cache)];
  expect(written.length).toBeGreaterThan(10);
  expect(written.filter((file) => readFileSync(file).includes(FAKE_KEY))).toEqual([]);
  // The key did go to the endpoint, in the header only: the endpoint never keeps headers.
  expect(JSON.stringify(endpoint.requests)).not.toContain(FAKE_KEY);
}, 60_000);

test('harness validate-llm-block: exit 0 for a block this checkout accepts, exit 2 naming the offending key', async () => {
  using dir = tempDir();
  const good = join(dir.path, 'good.yaml');
  const named = join(dir.path, 'named.yaml');
  writeFileSync(good, 'provider: openai\nbase_url: http://127.0.0.1:9/v1\n');
  writeFileSync(named, 'provider: openai\nbase_url: http://127.0.0.1:9/v1\nmodel: gpt-4.1\n');
  let printed = '';
  const program = createProgram({
    version: '0.0.0',
    commands,
    io: { out: (t) => (printed += t), err: () => {} },
  });
  await program.parseAsync(['node', 'agent-track', 'harness', 'validate-llm-block', good]);
  expect(printed).toMatch(/^accepts the block `.*good\.yaml` \(sha256 [0-9a-f]{64}\)\n$/);
  const refused = await run(CLI[0], [...CLI.slice(1), 'harness', 'validate-llm-block', named], {
    cwd: ROOT,
  }).catch((error: { code: number; stderr: string }) => error);
  expect(refused).toMatchObject({ code: 2 });
  expect((refused as { stderr: string }).stderr).toContain('names `model`');
}, 30_000);

test.each([
  [
    'an unknown key',
    'provider: openai\nbase_url: http://127.0.0.1:9/v1\ntemprature: 0\n',
    'unknown key `temprature`',
  ],
  [
    'a key written into the block',
    'provider: openai\nbase_url: http://127.0.0.1:9/v1\napi_key: sk-x\n',
    'unknown key `api_key`',
  ],
])('validate-llm-block refuses %s by name', async (_, text, message) => {
  using dir = tempDir();
  const file = join(dir.path, 'block.yaml');
  writeFileSync(file, text);
  const program = createProgram({
    version: '0.0.0',
    commands,
    io: { out: () => {}, err: () => {} },
  }).exitOverride();
  const parsing = program.parseAsync(['node', 'agent-track', 'harness', 'validate-llm-block', file]);
  await expect(parsing).rejects.toThrow(message);
  await expect(parsing).rejects.toThrow(`\`${file}\``);
});

test('bad harness flags are refused by name before anything starts', async () => {
  const program = createProgram({
    version: '0.0.0',
    commands,
    io: { out: () => {}, err: () => {} },
  }).exitOverride();
  const args = ['node', 'agent-track', 'harness', 'run', '--tasks', 't', '--out', 'o', '--model', 'offline'];
  await expect(program.parseAsync([...args, '--concurrency', '0'])).rejects.toThrow(
    'Expected the `--concurrency` option to be a positive integer, got `0` (string)',
  );
  await expect(program.parseAsync([...args, '--architecture', 'plan'])).rejects.toThrow(
    'Expected the `--architecture` option to be one of `react`, `rewrite`, got `plan` (string)',
  );
  expect(CLI_ARCHITECTURES).toEqual(ARCHITECTURES);
});

test('agent-track ask --model offline answers from a fixture corpus as a real child process', async () => {
  using dir = tempDir();
  const child = await run(
    CLI[0],
    [
      ...CLI.slice(1),
      'ask',
      'Where is a key deleted?',
      '--corpus',
      join(CORPORA, 'go-kv'),
      '--model',
      'offline',
      '--cache-dir',
      dir.path,
      '--out',
      join(dir.path, 'out'),
    ],
    { cwd: ROOT },
  );
  const lines = child.stdout.trim().split('\n');
  expect(lines[0]).toBe('model: offline policy (a deterministic stand-in for a model, not a model)');
  expect(lines[1]).toMatch(
    /^\[offline policy: a deterministic stand-in for a model, not a model\] Question: "Where is a key deleted\?"\. Files seen: /,
  );
  expect(lines[2]).toMatch(/^outcome: answered; 3 turns, 2 tool calls, \d+ ms$/);
  expect(lines[3]).toBe(`trajectory: ${join(dir.path, 'out', 'tasks', 'ask')}`);
  expect(JSON.parse(readFileSync(join(dir.path, 'out/tasks/ask/result.json'), 'utf8'))).toMatchObject({
    outcome: 'answered',
  });
}, 60_000);

test('harness run records a failed task in the ledger and exits 2 naming it', async () => {
  using dir = tempDir();
  const tasks = join(dir.path, 'tasks.jsonl');
  writeFileSync(tasks, `${JSON.stringify({ id: 'lost', question: 'q', gold: {} })}\n`);
  let printed = '';
  const program = createProgram({
    version: '0.0.0',
    commands,
    io: { out: (t) => (printed += t), err: () => {} },
  });
  const args = ['harness', 'run', '--tasks', tasks, '--out', join(dir.path, 'out'), '--model', 'offline'];
  await expect(program.parseAsync(['node', 'agent-track', ...args])).rejects.toThrow(
    '1 of 1 tasks failed (recorded in the ledger); first: `lost`: NO_WORKSPACE: Task `lost` names no corpus and no `--workspace` was given to search',
  );
  expect(printed).toContain('lost\tfailed NO_WORKSPACE: Task `lost` names no corpus');
  expect(printed).toContain('0 done (none), 1 failed, 0 skipped');
});
