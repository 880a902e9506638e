import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { execa } from 'execa';
import type { RecordedError } from '../../core/index.js';
import { redact, tail } from '../../core/index.js';

export interface AgentProcessOptions {
  /** The command line, the executable first. */
  argv: readonly string[];
  cwd: string;
  /** The environment the agent gets (its key variable among them). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where stdout (the transcript) is written, redacted. */
  transcriptFile: string;
  /** Wall-clock ceiling; SIGTERM past it, SIGKILL after the grace. */
  timeoutMs: number;
  killGraceMs?: number;
  signal?: AbortSignal;
  /** Values (API keys) never written: cut from the transcript and the stderr tail. */
  secrets?: readonly string[];
  stderrTail?: number;
}

export interface AgentProcessResult {
  ok: boolean;
  exitCode: number | null;
  timedOut: boolean;
  stderrTail: string;
  wallMs: number;
  /** Why it failed (`AgentTimeout`, `AgentNotFound`, `AgentSpawnFailed`, `AgentKilled`, `AgentExit`); `null` on exit 0. */
  exception: RecordedError | null;
}

/**
 * Runs one agent CLI: stdin closed, stdout kept as the transcript (written to `transcriptFile`
 * with every secret replaced by `***`), a redacted stderr tail; past `timeoutMs` SIGTERM then
 * SIGKILL. Never throws for the agent's failure: the result says why.
 *
 * @example
 * const run = await runAgentProcess({ argv: ['claude', '-p', 'q', ...], cwd, env: process.env, transcriptFile, timeoutMs: 600_000 });
 */
export async function runAgentProcess(options: AgentProcessOptions): Promise<AgentProcessResult> {
  const started = Date.now();
  const secrets = options.secrets ?? [];
  const [program, ...args] = options.argv;
  const result = await execa(program!, args, {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    reject: false,
    timeout: options.timeoutMs,
    forceKillAfterDelay: options.killGraceMs ?? 2000,
    ...(options.signal === undefined ? {} : { cancelSignal: options.signal }),
    stripFinalNewline: false,
    maxBuffer: 256 * 1024 * 1024,
  });
  const wallMs = Date.now() - started;
  mkdirSync(dirname(options.transcriptFile), { recursive: true });
  writeFileSync(options.transcriptFile, redact(String(result.stdout ?? ''), secrets));
  const stderrTail = redact(tail(String(result.stderr ?? ''), options.stderrTail ?? 4000), secrets);
  const last = causeLine(stderrTail);
  const said = last === undefined ? '' : `; stderr: ${last}`;
  const exitCode = typeof result.exitCode === 'number' ? result.exitCode : null;
  let exception: RecordedError | null = null;
  const code = (result.cause as { code?: string } | undefined)?.code;
  if (result.timedOut) {
    exception = { type: 'AgentTimeout', message: `killed after ${options.timeoutMs} ms${said}` };
  } else if (code === 'ENOENT') {
    exception = {
      type: 'AgentNotFound',
      message: `\`${program}\` was not found (not on PATH or not a file)`,
    };
  } else if (exitCode === null && result.signal === undefined) {
    exception = {
      type: 'AgentSpawnFailed',
      message: redact(result.shortMessage ?? String(result.message), secrets),
    };
  } else if (result.signal !== undefined && exitCode === null) {
    exception = { type: 'AgentKilled', message: `killed by ${result.signal}${said}` };
  } else if (exitCode !== 0) {
    exception = { type: 'AgentExit', message: `exit code ${exitCode}${said}` };
  }
  return { ok: exception === null, exitCode, timedOut: result.timedOut, stderrTail, wallMs, exception };
}

/**
 * The stderr line that says why a process failed: the last `SomethingError: ...` line (a Node or
 * Python uncaught error, whose stack and runtime banner follow it), else the last line that is
 * neither a stack frame nor the `Node.js vX` banner.
 *
 * @example
 * causeLine('Error: ENOENT: no such file\n    at open (node:fs)\n\nNode.js v20.20.2'); // 'Error: ENOENT: no such file'
 */
export function causeLine(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((line) => line.trim());
  const error = lines.findLast((line) => /^[A-Za-z_.]*(Error|Exception)\b.*:/.test(line));
  return error ?? lines.findLast((line) => line !== '' && !/^at\s/.test(line) && !/^Node\.js v\d/.test(line));
}
