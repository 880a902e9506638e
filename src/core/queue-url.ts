import { invalidOption } from './errors.js';

/** The environment variable a Redis password is read from: never part of `--queue`. */
export const QUEUE_PASSWORD_ENV = 'AGENT_TRACK_QUEUE_PASSWORD';

/** Where a campaign's queue lives: one Redis database. */
export interface QueueTarget {
  /** `redis://host:port/db`, as logged (never a password). */
  url: string;
  host: string;
  port: number;
  db: number;
}

/**
 * Parses `--queue redis://HOST:PORT/DB` (port 6379 and database 0 by default). A password in the
 * URL is refused: it would reach logs and run records; name it by `AGENT_TRACK_QUEUE_PASSWORD`.
 *
 * @example
 * parseQueueUrl('redis://127.0.0.1:6390/2'); // { url: 'redis://127.0.0.1:6390/2', host: '127.0.0.1', port: 6390, db: 2 }
 */
export function parseQueueUrl(text: string, option = '--queue'): QueueTarget {
  const expected = 'a Redis URL redis://HOST:PORT/DB';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidOption(option, expected, text);
  }
  if (url.protocol !== 'redis:' || url.hostname === '' || url.search !== '' || url.hash !== '')
    throw invalidOption(option, expected, text);
  if (url.password !== '' || url.username !== '')
    throw invalidOption(
      option,
      `${expected} without a user or password (set ${QUEUE_PASSWORD_ENV})`,
      '<redacted>',
    );
  const port = url.port === '' ? 6379 : Number(url.port);
  const path = url.pathname.replace(/^\//, '');
  const db = path === '' ? 0 : Number(path);
  if (!/^\d*$/.test(path) || !Number.isInteger(db) || db < 0 || db > 15)
    throw invalidOption(option, expected, text);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { url: `redis://${url.host}/${db}`, host, port, db };
}

/**
 * The ioredis options for a queue target: the password from the environment when set, and no
 * per-command retry limit (BullMQ's workers wait through a Redis restart instead of failing).
 *
 * @example
 * new Redis(connectionOptions(parseQueueUrl('redis://127.0.0.1:6390/0')));
 */
export function connectionOptions(
  target: QueueTarget,
  env: Readonly<Record<string, string | undefined>> = process.env,
) {
  const password = env[QUEUE_PASSWORD_ENV];
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    ...(password === undefined || password === '' ? {} : { password }),
    maxRetriesPerRequest: null,
  };
}
