import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';

/** A free loopback port (bound and released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise((done) => server.close(done));
  return port;
}

/** A test's own Redis: `redis-server` on a free loopback port, its data (append-only) in `dir`. */
export interface TestRedis {
  url: string;
  port: number;
  /** Stops it (SIGTERM: the append-only file is flushed) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
}

async function ready(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch {
      // not yet
    } finally {
      client.disconnect();
    }
    await delay(50);
  }
  throw new Error(`redis-server on ${port} did not answer`);
}

/**
 * Starts Debian's `redis-server` for one test file (never a shared instance): a free port, its
 * data in `dir`, append-only with every write synced, so a restart keeps the queue.
 *
 * @example
 * const redis = await startRedis(join(scratch, 'redis'));
 * await redis.stop(); await redis.start();
 */
export async function startRedis(dir: string): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ],
      { stdio: 'ignore' },
    );
    await ready(port);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise((done) => running.once('exit', done));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}/0`, port, stop, start };
}

/** Every value a Redis holds (strings, hashes, lists, sorted sets, streams), as text: what a secret must never be in. */
export async function redisValues(port: number): Promise<string[]> {
  const client = new Redis(port, '127.0.0.1');
  const values: string[] = [];
  try {
    for (const key of await client.keys('*')) {
      const type = await client.type(key);
      if (type === 'string') values.push((await client.getBuffer(key))?.toString('latin1') ?? '');
      if (type === 'hash') values.push(JSON.stringify(await client.hgetall(key)));
      if (type === 'list') values.push(JSON.stringify(await client.lrange(key, 0, -1)));
      if (type === 'zset') values.push(JSON.stringify(await client.zrange(key, '0', '-1')));
      if (type === 'stream') values.push(JSON.stringify(await client.xrange(key, '-', '+')));
    }
  } finally {
    client.disconnect();
  }
  return values;
}
