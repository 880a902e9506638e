import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import { readUtf8 } from '../read-utf8.js';
import type { BlobReader } from '../trajectory.js';
import { writeFileAtomic } from './atomic-write.js';

const SHA256 = /^[0-9a-f]{64}$/;

/** The sha256 hex of a text's UTF-8 bytes: the name of its blob. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** What storing a text gave: its name and its size in UTF-8 bytes. */
export interface StoredBlob {
  sha256: string;
  bytes: number;
}

/**
 * A content-addressed store of full tool results: `<dir>/<sha256>`, shared by every trajectory of
 * a run. Writes are atomic and idempotent (a blob that exists is not rewritten); reads return
 * `undefined` for a blob the store does not hold.
 *
 * @example
 * const blobs = new BlobStore('runs/demo/blobs');
 * const { sha256 } = blobs.write('def f(): ...');
 * blobs.read(sha256); // 'def f(): ...'
 */
export class BlobStore implements BlobReader {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Stores a text under its sha256 and returns the name; a no-op when the blob already exists. */
  write(text: string): StoredBlob {
    const sha256 = sha256Hex(text);
    const bytes = Buffer.byteLength(text, 'utf8');
    const path = join(this.dir, sha256);
    if (!existsSync(path)) {
      mkdirSync(this.dir, { recursive: true });
      writeFileAtomic(path, text);
    }
    return { sha256, bytes };
  }

  has(sha256: string): boolean {
    return SHA256.test(sha256) && existsSync(join(this.dir, sha256));
  }

  read(sha256: string): string | undefined {
    if (!SHA256.test(sha256)) {
      throw new AgentTrackError(
        'INVALID_BLOB_NAME',
        `Expected a blob name of 64 hex digits, got \`${sha256}\``,
        {
          data: { sha256 },
        },
      );
    }
    let fd: number;
    try {
      fd = openSync(join(this.dir, sha256), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      return readUtf8(fd);
    } finally {
      closeSync(fd);
    }
  }
}
