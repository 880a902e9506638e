import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AgentTrackError } from '../../../core/index.js';

const PREFIX = 'agent-track:content:';
// Content outlives a campaign's jobs for a while (a resumed campaign finds it), then Redis drops it.
const TTL_SECONDS = 14 * 24 * 3600;

/** Bytes in Redis under their sha256: LLM blocks, serving configs, corpus packs, rollout blobs. */
export interface ContentStore {
  /** Stores bytes once (a second put of the same bytes writes nothing new) and returns their sha256. */
  put(bytes: Buffer | string): Promise<string>;
  /** The bytes stored under a sha256, checked against it; `null` when Redis does not hold them. */
  get(sha256: string): Promise<Buffer | null>;
  has(sha256: string): Promise<boolean>;
}

/**
 * The content store of a queue's Redis: what workers and the orchestrator exchange by hash instead
 * of by path, deduplicated (`SET NX`), each read checked against its name.
 *
 * @example
 * const store = contentStore(redis);
 * const sha = await store.put(readFileSync('llm-block.yaml'));
 */
export function contentStore(redis: Redis): ContentStore {
  return {
    async put(bytes) {
      const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
      const sha = createHash('sha256').update(buffer).digest('hex');
      await redis.set(`${PREFIX}${sha}`, buffer, 'EX', TTL_SECONDS, 'NX');
      return sha;
    },
    async get(sha256) {
      const buffer = await redis.getBuffer(`${PREFIX}${sha256}`);
      if (buffer === null) return null;
      const got = createHash('sha256').update(buffer).digest('hex');
      if (got !== sha256)
        throw new AgentTrackError(
          'CONTENT_HASH_MISMATCH',
          `Redis holds other bytes under \`${sha256}\` (they hash to \`${got}\`)`,
          {
            data: { expected: sha256, got },
          },
        );
      return buffer;
    },
    has: async (sha256) => (await redis.exists(`${PREFIX}${sha256}`)) === 1,
  };
}
