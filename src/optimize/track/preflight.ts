import { existsSync, mkdtempSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { execa } from 'execa';
import type { AgentAdapter } from '../../agent/index.js';
import {
  connectMcpServer,
  type McpConfigFile,
  reportedFigures,
  runAgentProcess,
  writeMcpConfig,
} from '../../agent/index.js';
import { convertClaudeCode } from '../../trajectory/index.js';
import { openTrackProduct } from './track-setup.js';

/** One preflight check: its name, `pass`, `fail` (the line says the fix) or `skip`, and its line. */
export interface PreflightCheck {
  check: 'agent' | 'probe' | 'mcp' | 'disk';
  status: 'pass' | 'fail' | 'skip';
  line: string;
}

export interface PreflightOptions {
  agent: AgentAdapter;
  product?: string;
  config?: string;
  cacheDir?: string;
  /** Where the track will write: its free space is checked (the nearest existing parent). */
  out: string;
  /** Free space needed, in MB (default 1024). */
  minFreeMb?: number;
  /** The probe costs up to $0.01: it runs only with `--confirm-spend`. */
  confirmSpend?: boolean;
  env?: Readonly<Record<string, string | undefined>>;
  timeoutMs?: number;
}

/** The fields of the agent's `result` line a track reads. */
export const PROBE_FIELDS = ['total_cost_usd', 'num_turns', 'duration_ms', 'usage'] as const;

const INSTALL = {
  'claude-code':
    'install Claude Code (`npm install -g @anthropic-ai/claude-code`) or give `--agent-bin PATH`',
} as Record<string, string>;

function line(
  check: PreflightCheck['check'],
  status: PreflightCheck['status'],
  text: string,
): PreflightCheck {
  return {
    check,
    status,
    line: `${status === 'pass' ? 'pass' : status === 'fail' ? 'FAIL' : 'skip'}  ${text}`,
  };
}

async function agentCheck(options: PreflightOptions): Promise<PreflightCheck> {
  const { agent } = options;
  const argv = agent.versionArgv() ?? [agent.bin, '--help'];
  const fix = INSTALL[agent.name] ?? 'check the first word of `--agent-command`';
  const run = await execa(argv[0]!, argv.slice(1), {
    reject: false,
    timeout: 30_000,
    stdin: 'ignore',
    env: options.env ?? process.env,
  });
  if ((run.cause as { code?: string } | undefined)?.code === 'ENOENT') {
    return line('agent', 'fail', `agent CLI: \`${agent.bin}\` is not on PATH (nor a file): ${fix}`);
  }
  if (run.exitCode !== 0) {
    return line(
      'agent',
      'fail',
      `agent CLI: \`${argv.join(' ')}\` exited ${run.exitCode ?? run.signal}: ${fix}`,
    );
  }
  const version = String(run.stdout).trim().split('\n')[0] ?? '';
  return line('agent', 'pass', `agent CLI: \`${agent.bin}\` ${version}`.trimEnd());
}

async function probeCheck(options: PreflightOptions, agentOk: boolean): Promise<PreflightCheck> {
  const argv = options.agent.probeArgv();
  if (!agentOk) return line('probe', 'skip', 'probe: skipped, no agent CLI to probe (see above)');
  if (argv === null)
    return line('probe', 'skip', `probe: skipped, the \`${options.agent.name}\` agent has no probe`);
  if (options.confirmSpend !== true) {
    return line(
      'probe',
      'skip',
      'probe: not run, a one-token probe costs up to $0.01: add `--confirm-spend` to run it',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'agent-track-probe-'));
  try {
    const file = join(dir, 'probe.jsonl');
    const run = await runAgentProcess({
      argv,
      cwd: dir,
      env: options.env ?? process.env,
      transcriptFile: file,
      timeoutMs: options.timeoutMs ?? 120_000,
    });
    if (run.exception !== null) {
      return line(
        'probe',
        'fail',
        `probe: ${run.exception.type}: ${run.exception.message}; run \`${argv.join(' ')}\` by hand (is the key variable set?)`,
      );
    }
    const text = readFileSync(file, 'utf8');
    let sessions: number;
    try {
      sessions = convertClaudeCode(text, { source: 'probe' }).filter((run) => run.result !== null).length;
    } catch (error) {
      return line(
        'probe',
        'fail',
        `probe: its stream-json does not parse: ${(error as Error).message}; update the agent CLI`,
      );
    }
    const result = text
      .split('\n')
      .flatMap((l) => {
        try {
          const value = JSON.parse(l) as Record<string, unknown>;
          return value.type === 'result' ? [value] : [];
        } catch {
          return [];
        }
      })
      .at(-1);
    const missing = PROBE_FIELDS.filter((field) => result?.[field] === undefined);
    if (sessions !== 1 || missing.length > 0) {
      const what =
        sessions !== 1
          ? 'no complete session'
          : `a result line without ${missing.map((f) => `\`${f}\``).join(', ')}`;
      return line(
        'probe',
        'fail',
        `probe: the transcript has ${what}; the track reads these fields: update the agent CLI`,
      );
    }
    const figures = reportedFigures(text, 'probe');
    return line(
      'probe',
      'pass',
      `probe: parsed, ${figures.num_turns} turn(s), $${figures.cost_usd}, fields ${PROBE_FIELDS.join(', ')} present`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function mcpCheck(options: PreflightOptions): Promise<PreflightCheck> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-track-mcp-'));
  try {
    const product = openTrackProduct({
      agent: options.agent,
      ...(options.product === undefined ? {} : { dir: options.product }),
      ...(options.config === undefined ? {} : { config: options.config }),
      ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
    });
    const task = {
      id: 'preflight',
      question: 'probe',
      gold: { files: ['probe.py'] },
      corpus: { files: { 'probe.py': 'def probe():\n    return 1\n' } },
    };
    const { server } = await product.prepare(task);
    const file = writeMcpConfig(join(dir, 'mcp.json'), product.name, server);
    const entry = (JSON.parse(readFileSync(file, 'utf8')) as McpConfigFile).mcpServers[product.name]!;
    const session = await connectMcpServer(
      { command: entry.command, args: entry.args, cwd: dir },
      { requestTimeoutMs: 60_000 },
    );
    const names = session.tools.map((t) => t.name);
    await session.close();
    return line(
      'mcp',
      'pass',
      `MCP config: \`${product.name}\` boots and lists ${names.length} tool(s): ${names.join(', ')}`,
    );
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    return line(
      'mcp',
      'fail',
      `MCP config: the product's server does not boot: ${message}; check \`serve\` in its agent-track.product.yaml`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function diskCheck(options: PreflightOptions): PreflightCheck {
  let dir = resolve(options.out);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  const stats = statfsSync(dir);
  const freeMb = Math.floor((stats.bavail * stats.bsize) / 1024 / 1024);
  const need = options.minFreeMb ?? 1024;
  return freeMb >= need
    ? line('disk', 'pass', `disk: ${freeMb} MB free under \`${dir}\` (need ${need})`)
    : line(
        'disk',
        'fail',
        `disk: only ${freeMb} MB free under \`${dir}\`, need ${need}: free space or give \`--out\` on another disk`,
      );
}

/**
 * The checks before a paid track, each one line: the agent CLI is present; a one-token probe capped
 * at $0.01 parses and its result line carries the fields the track reads (only with
 * `confirmSpend`); the product's MCP config boots and lists its tools; there is disk headroom.
 *
 * @example
 * for (const check of await runPreflight({ agent: claudeCodeAgent(), out: 'runs/track' })) console.log(check.line);
 */
export async function runPreflight(options: PreflightOptions): Promise<PreflightCheck[]> {
  const agent = await agentCheck(options);
  const probe = await probeCheck(options, agent.status === 'pass');
  return [agent, probe, await mcpCheck(options), diskCheck(options)];
}
