import type { Redis } from 'ioredis';
import { AgentTrackError, connectionOptions, type QueueTarget } from '../../../core/index.js';

/**
 * A Redis client for a queue, connected and answering, or `QUEUE_UNREACHABLE` naming the queue and
 * why (refused, unknown host, a wrong password). Once connected it reconnects on its own: its errors
 * are kept quiet (a call that fails is tried again by its caller).
 *
 * @example
 * const redis = await connectQueue(parseQueueUrl('redis://127.0.0.1:6379/0'));
 */
export async function connectQueue(
  target: QueueTarget,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis({ ...connectionOptions(target, env), lazyConnect: true });
  let last: Error | null = null;
  redis.on('error', (error: Error) => {
    last = error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const why = (last as Error | null)?.message ?? (error instanceof Error ? error.message : String(error));
    throw new AgentTrackError('QUEUE_UNREACHABLE', `Cannot reach the queue ${target.url}: ${why}`, {
      data: { queue: target.url },
    });
  }
  return redis;
}

/**
 * Refuses an unreachable queue before any work (`QUEUE_UNREACHABLE`): connects, pings, and lets go.
 *
 * @example
 * await checkQueueReachable(parseQueueUrl('redis://nohost')); // throws: Cannot reach the queue redis://nohost/0: ...
 */
export async function checkQueueReachable(
  target: QueueTarget,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<void> {
  const redis = await connectQueue(target, env);
  redis.disconnect();
}
