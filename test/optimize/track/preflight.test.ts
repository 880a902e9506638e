import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { claudeCodeAgent } from '../../../src/agent/external/claude-code.js';
import { commandAgent } from '../../../src/agent/external/command.js';
import { runPreflight } from '../../../src/optimize/track/preflight.js';
import { ROOT, tempDir } from '../../product/helpers/workspace.js';
import { BIN } from './track-helpers.js';

const lines = (checks: { line: string }[]) => checks.map((c) => c.line);

test('every check passes with a working agent: one line each', async () => {
  using dir = tempDir();
  const checks = await runPreflight({
    agent: claudeCodeAgent(join(BIN, 'fake-claude.mjs')),
    out: join(dir.path, 'runs/track'),
    cacheDir: join(dir.path, 'cache'),
    confirmSpend: true,
  });
  expect(checks.map((c) => [c.check, c.status])).toEqual([
    ['agent', 'pass'],
    ['probe', 'pass'],
    ['mcp', 'pass'],
    ['disk', 'pass'],
  ]);
  expect(lines(checks)[0]).toContain('0.0.0-fake (Claude Code)');
  // The probe runs in an empty directory: Glob, Grep (no match), answer = 3 turns -> 0.0018 + 0.0075 + 0.0009.
  expect(lines(checks)[1]).toBe(
    'pass  probe: parsed, 3 turn(s), $0.0102, fields total_cost_usd, num_turns, duration_ms, usage present',
  );
  expect(lines(checks)[2]).toBe(
    'pass  MCP config: `reference-code-search` boots and lists 7 tool(s): search_codebase, get_symbol, get_symbols, read_file, read_files, grep, get_references',
  );
}, 60_000);

test('no agent CLI on this machine: the line says what is missing and how to get it; the probe is skipped', async () => {
  using dir = tempDir();
  const checks = await runPreflight({
    agent: claudeCodeAgent('claude-not-installed-here'),
    out: dir.path,
    confirmSpend: true,
    cacheDir: join(dir.path, 'cache'),
  });
  expect(lines(checks).slice(0, 2)).toEqual([
    'FAIL  agent CLI: `claude-not-installed-here` is not on PATH (nor a file): install Claude Code (`npm install -g @anthropic-ai/claude-code`) or give `--agent-bin PATH`',
    'skip  probe: skipped, no agent CLI to probe (see above)',
  ]);
}, 60_000);

test.each([
  ['fake-claude-fail.mjs', 'agent', 'FAIL  agent CLI: `', '--version` exited 3'],
  [
    'fake-claude-nocost.mjs',
    'probe',
    'FAIL  probe: the transcript has a result line without `total_cost_usd`, `duration_ms`, `usage`',
    'update the agent CLI',
  ],
  [
    'fake-claude-malformed.mjs',
    'probe',
    'FAIL  probe: its stream-json does not parse: probe:2: not valid JSON',
    'update the agent CLI',
  ],
])(
  '%s fails the %s check with its fix',
  async (bin, check, start, fix) => {
    using dir = tempDir();
    const checks = await runPreflight({
      agent: claudeCodeAgent(join(BIN, bin)),
      out: dir.path,
      confirmSpend: true,
      cacheDir: join(dir.path, 'cache'),
    });
    const line = checks.find((c) => c.check === check)!.line;
    expect(line.startsWith(start)).toBe(true);
    expect(line).toContain(fix);
  },
  60_000,
);

test('the probe costs money, so it runs only with --confirm-spend; an agent without a probe says so', async () => {
  using dir = tempDir();
  const unconfirmed = await runPreflight({
    agent: claudeCodeAgent(join(BIN, 'fake-claude.mjs')),
    out: dir.path,
    cacheDir: join(dir.path, 'cache'),
  });
  expect(unconfirmed[1]!.line).toBe(
    'skip  probe: not run, a one-token probe costs up to $0.01: add `--confirm-spend` to run it',
  );
  const command = await runPreflight({
    agent: commandAgent(`${process.execPath} x {question}`),
    out: dir.path,
    cacheDir: join(dir.path, 'cache'),
  });
  expect(command[1]!.line).toBe('skip  probe: skipped, the `command` agent has no probe');
}, 60_000);

test('a product whose server does not boot fails the MCP check; too little disk fails the disk check', async () => {
  using dir = tempDir();
  const product = join(dir.path, 'product');
  mkdirSync(product);
  for (const name of ['ask.md', 'skill.md']) writeFileSync(join(product, name), 'text\n');
  writeFileSync(
    join(product, 'agent-track.product.yaml'),
    [
      'name: broken',
      `serve: [${process.execPath}, -e, "process.stderr.write('no index here'); process.exit(4)"]`,
      'artifacts: {ask_prompt: ask.md, usage_skill: skill.md}',
      '',
    ].join('\n'),
  );
  const checks = await runPreflight({
    agent: claudeCodeAgent(join(BIN, 'fake-claude.mjs')),
    product,
    out: join(ROOT, 'no-such-dir/track'),
    cacheDir: join(dir.path, 'cache'),
    minFreeMb: 1e12,
  });
  const mcp = checks.find((c) => c.check === 'mcp')!.line;
  expect(mcp.startsWith("FAIL  MCP config: the product's server does not boot:")).toBe(true);
  expect(mcp).toContain('check `serve` in its agent-track.product.yaml');
  // The track directory does not exist yet: its nearest existing parent is measured.
  expect(checks.find((c) => c.check === 'disk')!.line).toMatch(
    new RegExp(
      `^FAIL  disk: only \\d+ MB free under \`${ROOT}\`, need 1000000000000: free space or give \`--out\` on another disk$`,
    ),
  );
}, 60_000);
