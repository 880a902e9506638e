import { connect, createServer } from 'node:net';
import { execa, type ResultPromise } from 'execa';
import type { ServerCommand } from '../manifest/server-command.js';
import { installedNpx } from './installed-npx.js';
import { type StderrTail, stderrTail } from './stderr-tail.js';

/** A server process agent-track started for an HTTP connection, and its stderr tail. */
export interface HttpProcess {
  readonly pid: number | null;
  readonly exited: boolean;
  tail: StderrTail;
  stop(): Promise<void>;
}

/** A port on 127.0.0.1 free right now (the OS picks it; the server binds it next). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts a server's command (the SDK's safe environment plus its own `env`, as a stdio server gets:
 * no model key reaches it) and waits until `url`'s host and port accept a connection. Rejects with
 * the reason and the process's stderr tail (`error.stderr`) when it exits first or `timeoutMs`
 * passes, the process stopped.
 *
 * @example
 * const server = await startHttpProcess(command, new URL('http://127.0.0.1:4100/mcp'), 30_000, 2048);
 * await server.stop();
 */
export async function startHttpProcess(
  command: ServerCommand,
  url: URL,
  timeoutMs: number,
  tailBytes: number,
): Promise<HttpProcess> {
  const { getDefaultEnvironment } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const run = installedNpx(command) ?? command;
  const child: ResultPromise = execa(run.command, run.args, {
    cwd: run.cwd,
    env: { ...getDefaultEnvironment(), ...run.env },
    extendEnv: false,
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
    buffer: false,
    reject: false,
    cleanup: true,
  });
  let exited = false;
  const ended = child.then(() => {
    exited = true;
  });
  const tail = stderrTail(child.stderr, tailBytes);
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 2000);
      await ended;
      clearTimeout(force);
    }
    await ended;
  };
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const deadline = Date.now() + timeoutMs;
  const failed = async (why: string) => {
    await stop();
    await tail.settled(500);
    return Object.assign(new Error(why), { stderr: tail.text() });
  };
  while (!(await accepts(host, port))) {
    if (exited) throw await failed(`the server process exited before it listened on ${url.host}`);
    if (Date.now() > deadline)
      throw await failed(`the server did not listen on ${url.host} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    get pid() {
      return exited ? null : (child.pid ?? null);
    },
    get exited() {
      return exited;
    },
    tail,
    stop,
  };
}
