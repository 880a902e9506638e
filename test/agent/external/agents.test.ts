import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { claudeCodeAgent } from '../../../src/agent/external/claude-code.js';
import { commandAgent, splitCommandLine } from '../../../src/agent/external/command.js';
import { mcpServerEntry, writeMcpConfig } from '../../../src/agent/external/mcp-config.js';
import { selectAgent } from '../../../src/agent/external/select-agent.js';
import { runTrack } from '../../../src/optimize/track/run-track.js';
import { BIN, trackTasks } from '../../optimize/track/track-helpers.js';
import { tempDir } from '../../product/helpers/workspace.js';

const spec = {
  question: 'Where is tax computed?',
  mcpConfig: null,
  serverName: null,
  model: null,
  maxTurns: null,
  maxBudgetUsd: null,
  emptyMcpConfig: '/tmp/empty.json',
};

test('claude-code: bare gets no MCP config, with-server its config and its server allowed; caps when given', () => {
  const agent = claudeCodeAgent('claude');
  const head = [
    'claude',
    '-p',
    'Where is tax computed?',
    '--output-format',
    'stream-json',
    '--verbose',
    '--strict-mcp-config',
  ];
  expect(agent.argv(spec)).toEqual([...head, '--allowedTools', 'Read,Grep,Glob']);
  expect(
    agent.argv({
      ...spec,
      mcpConfig: '/t/mcp.json',
      serverName: 'ref',
      model: 'sonnet',
      maxTurns: 8,
      maxBudgetUsd: 0.5,
    }),
  ).toEqual([
    ...head,
    '--mcp-config',
    '/t/mcp.json',
    '--allowedTools',
    'Read,Grep,Glob,mcp__ref',
    '--model',
    'sonnet',
    '--max-turns',
    '8',
    '--max-budget-usd',
    '0.5',
  ]);
  expect(agent.probeArgv()).toContain('0.01');
  expect(claudeCodeAgent('fixtures/bin/x').bin).toMatch(/^\/.*\/fixtures\/bin\/x$/);
});

test.each([
  ['a b  c', ['a', 'b', 'c']],
  [`run --q "{question}" --m '{mcp_config}'`, ['run', '--q', '{question}', '--m', '{mcp_config}']],
  ['say "two words" x\\ y', ['say', 'two words', 'x y']],
  [`a ''`, ['a', '']],
])('splitCommandLine(%j)', (line, words) => {
  expect(splitCommandLine(line)).toEqual(words);
});

test('command: placeholders filled inside words; bare gets a config with no servers; refusals name the option', () => {
  const agent = commandAgent('my-agent --ask={question} --mcp {mcp_config}', 'openai');
  expect(agent.argv(spec)).toEqual(['my-agent', '--ask=Where is tax computed?', '--mcp', '/tmp/empty.json']);
  expect(agent.argv({ ...spec, mcpConfig: '/t/m.json' }).at(-1)).toBe('/t/m.json');
  expect(agent.reportsCost).toBe(false);
  expect(() => commandAgent('my-agent --mcp {mcp_config}')).toThrow(
    '`--agent-command` option to be a command line using `{question}`',
  );
  expect(() => splitCommandLine('a "b')).toThrow('unclosed " quote');
  expect(() => selectAgent('command')).toThrow('`--agent command` needs `--agent-command LINE`');
  expect(() => selectAgent('codex')).toThrow(
    'Expected the `agent` option to be one of `claude-code`, `command`, got `codex` (string)',
  );
});

test('the MCP config enters the product root before starting its server and holds no environment', () => {
  using dir = tempDir();
  const server = { command: 'node', args: ['dist/cli.js', 'serve'], cwd: '/repo', env: { SECRET: 'x' } };
  expect(mcpServerEntry(server)).toEqual({
    type: 'stdio',
    command: '/bin/sh',
    args: ['-c', 'cd "$0" && exec "$@"', '/repo', 'node', 'dist/cli.js', 'serve'],
  });
  const file = writeMcpConfig(join(dir.path, 'm.json'), 'ref', server);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ mcpServers: { ref: mcpServerEntry(server) } });
  expect(JSON.parse(readFileSync(writeMcpConfig(join(dir.path, 'e.json'), null, null), 'utf8'))).toEqual({
    mcpServers: {},
  });
});

test('the command agent drives a track end to end (the fake agent as a user-given command line)', async () => {
  using dir = tempDir();
  // Quoted as a user quotes a path in a command line: the clone's path may hold a space.
  const line = `'${join(BIN, 'fake-claude.mjs')}' -p {question} --output-format stream-json --verbose --mcp-config {mcp_config}`;
  const result = await runTrack({
    agent: selectAgent('command', { command: line }),
    split: 'track/all',
    tasks: (await trackTasks()).slice(0, 1),
    out: join(dir.path, 'track'),
    cacheDir: join(dir.path, 'cache'),
    confirmSpend: true,
  });
  // Same as the claude-code adapter on t1: bare 4 turns $0.0117, with-server 3 turns $0.0102, both judged 10.
  expect(result.report?.tasks[0]).toMatchObject({
    status: 'paired',
    scores: { bare: 10, 'with-server': 10 },
    figures: { bare: { turns: 4, cost_usd: 0.0117 }, 'with-server': { turns: 3, cost_usd: 0.0102 } },
  });
  // With a ceiling, a transcript format that carries no cost is refused before anything runs.
  await expect(
    runTrack({
      agent: commandAgent(line, 'openai'),
      split: 'track/all',
      tasks: [],
      out: join(dir.path, 'other'),
      confirmSpend: true,
      maxUsd: 1,
      usdPerRollout: 0.1,
    }),
  ).rejects.toMatchObject({ code: 'TRACK_COST_UNREPORTED' });
}, 60_000);
