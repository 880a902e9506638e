import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { writeFileAtomic, writeJsonAtomic } from '../../../src/trajectory/store/atomic-write.js';
import { BlobStore, sha256Hex } from '../../../src/trajectory/store/blob-store.js';
import { locateBlobDir } from '../../../src/trajectory/store/locate-blobs.js';
import { tempDir } from '../helpers.js';

// sha256("hello"), from `printf hello | sha256sum`.
const HELLO = '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824';

describe('BlobStore', () => {
  test('names a blob by the sha256 of its UTF-8 bytes and counts bytes, not characters', () => {
    const store = new BlobStore(join(tempDir(), 'blobs'));
    expect(sha256Hex('hello')).toBe(HELLO);
    expect(store.write('hello')).toEqual({ sha256: HELLO, bytes: 5 });
    expect(store.write('é€😀').bytes).toBe(2 + 3 + 4);
    expect(readFileSync(join(store.dir, HELLO), 'utf8')).toBe('hello');
  });

  test('a second write of the same text leaves the blob untouched and no temp file behind', () => {
    const store = new BlobStore(join(tempDir(), 'blobs'));
    store.write('hello');
    const before = statSync(join(store.dir, HELLO));
    expect(store.write('hello')).toEqual({ sha256: HELLO, bytes: 5 });
    const after = statSync(join(store.dir, HELLO));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(readdirSync(store.dir)).toEqual([HELLO]);
  });

  test('reads a blob back, `undefined` for one it does not hold, and refuses a name that is not a sha256', () => {
    const store = new BlobStore(join(tempDir(), 'blobs'));
    const { sha256 } = store.write('line one\nline two');
    expect(store.read(sha256)).toBe('line one\nline two');
    expect(store.has(sha256)).toBe(true);
    expect(store.read('0'.repeat(64))).toBeUndefined();
    expect(store.has('0'.repeat(64))).toBe(false);
    expect(() => store.read('../etc/passwd')).toThrow(expect.objectContaining({ code: 'INVALID_BLOB_NAME' }));
  });

  test('a blob bigger than the read buffer (1 MiB) reads back whole, beside a small one read after it', () => {
    const store = new BlobStore(join(tempDir(), 'blobs'));
    const big = `${'é€'.repeat(300_000)}end`;
    const { sha256, bytes } = store.write(big);
    expect(bytes).toBeGreaterThan(2 ** 20);
    expect(store.read(sha256)).toBe(big);
    expect(store.read(store.write('small').sha256)).toBe('small');
    expect(store.read(sha256)).toBe(big);
    const exact = 'x'.repeat(2 ** 20);
    expect(store.read(store.write(exact).sha256)).toBe(exact);
  });

  test('the empty text is a blob too', () => {
    const store = new BlobStore(join(tempDir(), 'blobs'));
    const { sha256, bytes } = store.write('');
    expect(bytes).toBe(0);
    expect(store.read(sha256)).toBe('');
  });
});

describe('writeFileAtomic', () => {
  test('replaces the whole file and leaves no temp file', () => {
    const dir = tempDir();
    const path = join(dir, 'result.json');
    writeFileSync(path, 'old content that is longer');
    writeFileAtomic(path, 'new');
    expect(readFileSync(path, 'utf8')).toBe('new');
    writeJsonAtomic(path, { a: 1 });
    expect(readFileSync(path, 'utf8')).toBe('{\n  "a": 1\n}\n');
    expect(readdirSync(dir)).toEqual(['result.json']);
  });

  test('a failed rename removes its temp file and keeps what was there', () => {
    const dir = tempDir();
    // Renaming a file over a non-empty directory fails after the temp file was written beside it.
    const taken = join(dir, 'taken');
    mkdirSync(taken);
    writeFileSync(join(taken, 'inside'), 'kept');
    expect(() => writeFileAtomic(taken, 'data')).toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(readFileSync(join(taken, 'inside'), 'utf8')).toBe('kept');
  });
});

describe('locateBlobDir', () => {
  test('finds the nearest blobs/ at or above a trajectory directory', () => {
    const run = tempDir();
    new BlobStore(join(run, 'blobs')).write('x');
    expect(locateBlobDir(join(run, 'arms', 'baseline', 'tasks', 't1'))).toBe(join(run, 'blobs'));
    expect(locateBlobDir(run)).toBe(join(run, 'blobs'));
  });
});
