import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { progressLine } from '../../../../src/optimize/campaign/progress.js';
import { jobBoard } from '../../../../src/optimize/campaign/remote/job-board.js';
import { rolloutJobId } from '../../../../src/optimize/campaign/remote/job-schema.js';
import { openSpendLedger } from '../../../../src/optimize/campaign/spend/spend-ledger.js';
import {
  DEFAULT_SERVING_CONFIG,
  loadServingConfig,
  packCorpus,
  unpackCorpus,
} from '../../../../src/product/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-queue-parts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const ingestion = loadServingConfig(DEFAULT_SERVING_CONFIG).ingestion;

describe('a directory corpus sent by content hash', () => {
  test('unpacked on another machine it hashes the same, and is unpacked once', () => {
    const pack = packCorpus('fixtures/corpora/go-kv', ingestion);
    const cacheDir = join(scratch, 'worker-cache');
    const dir = unpackCorpus(pack.bytes, { cacheDir, hash: pack.hash, ingestion });
    expect(readFileSync(join(dir, 'store/wal.go'), 'utf8')).toBe(
      readFileSync('fixtures/corpora/go-kv/store/wal.go', 'utf8'),
    );
    expect(packCorpus(dir, ingestion).hash).toBe(pack.hash);
    expect(unpackCorpus(pack.bytes, { cacheDir, hash: pack.hash, ingestion })).toBe(dir);
  });

  test('a pack whose files are not the hash it was sent under is refused', () => {
    const source = join(scratch, 'tiny');
    mkdirSync(source);
    writeFileSync(join(source, 'a.py'), 'def a():\n    return 1\n');
    const pack = packCorpus(source, ingestion);
    const other = `sha256:${'0'.repeat(64)}`;
    expect(() => unpackCorpus(pack.bytes, { cacheDir: join(scratch, 'c2'), hash: other, ingestion })).toThrow(
      expect.objectContaining({ code: 'CORPUS_HASH_MISMATCH' }),
    );
  });
});

describe('what a resume asks of the spend ledger', () => {
  test('the reservations under a rollout never settled, oldest first', () => {
    const spend = openSpendLedger(join(scratch, 'spend.jsonl'), { ceilingUsd: 1 });
    expect(spend.openReservations('baseline/t1')).toEqual([]);
    const first = spend.tryReserve('rollout', 'baseline/t1', 1, 0.1)!;
    const second = spend.tryReserve('rollout', 'baseline/t1', 1, 0.1)!;
    expect([first, second]).toEqual(['baseline/t1', 'baseline/t1#2']);
    expect(spend.openReservations('baseline/t1')).toEqual(['baseline/t1', 'baseline/t1#2']);
    spend.settle(first, 0.02);
    expect(spend.openReservations('baseline/t1')).toEqual(['baseline/t1#2']);
    // Opened again (a resume), the same answer from the file.
    expect(openSpendLedger(spend.file, { ceilingUsd: 1 }).openReservations('baseline/t1')).toEqual([
      'baseline/t1#2',
    ]);
  });

  test('a job id is its campaign and booking, the same every time it is asked for', () => {
    expect(rolloutJobId('3f2a9c', 'baseline/t1#2')).toBe('3f2a9c.baseline%2Ft1%232');
  });
});

describe('the progress line of a campaign on a queue', () => {
  test('jobs queued, running, done and failed, in all and per worker', () => {
    const board = jobBoard();
    let redraws = 0;
    board.onChange(() => redraws++);
    for (const id of ['a', 'b', 'c', 'd']) board.queued(id);
    expect(board.seen('a', 'active', 'w1')).toBe(true);
    expect(board.seen('a', 'active', 'w1')).toBe(false);
    board.seen('b', 'active', 'w2');
    board.finished('a', 'w1', true);
    board.seen('c', 'active', 'w1');
    board.finished('b', 'w2', false);
    expect(board.state()).toEqual({
      queued: 1,
      running: 1,
      done: 1,
      failed: 1,
      workers: [
        { name: 'w1', running: 1, done: 1, failed: 0 },
        { name: 'w2', running: 0, done: 0, failed: 1 },
      ],
    });
    expect(redraws).toBe(9);
    const line = progressLine({
      arms: [{ arm: 'baseline', done: 1, total: 2, failed: 1 }],
      bookedUsd: 0.25,
      ceilingUsd: null,
      jobs: board.state(),
    });
    expect(line).toBe(
      'baseline 1/2 (1 failed) | booked $0.2500 | jobs 1 queued 1 running 1 done 1 failed (w1 1 running 1 done, w2 0 running 0 done 1 failed)',
    );
  });
});
