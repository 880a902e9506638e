import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { selfCommand } from '../../../src/cli/self-command.js';
import { beforeAfter } from '../../../src/optimize/before-after/before-after.js';
import { tempDir } from '../campaign/helpers.js';
import { makeFilesystemProduct } from './fs-product.js';

test('before-after on a third-party server: the candidate commit serves the whole corpus, the baseline only its docs', async () => {
  using dir = tempDir();
  const repo = makeFilesystemProduct(dir.path);

  const result = await beforeAfter({
    repo,
    baseline: 'HEAD~1',
    candidate: 'HEAD',
    split: 'fixture-code/small_test',
    model: 'offline',
    limit: 4,
    cacheDir: join(dir.path, 'cache'),
    dir: join(dir.path, 'run'),
    harness: selfCommand('harness'),
    confirmSpend: true,
  });
  const report = result.report!;
  // The filesystem server reads the corpus: no index was asked for, none is in the plan.
  expect(result.plan.corpora).toMatchObject({ distinct: 0 });
  expect(report.arms.map((arm) => arm.tasks)).toEqual([4, 4]);
  const row = (key: string) => report.rows.find((r) => r.key === key)!;
  // The four tasks (go-01, go-02, go-05, go-06) have their gold in go-kv's code; the baseline serves
  // only docs/, so no search ever names it; the candidate's glob names the gold file each time.
  expect(row('needle_reached')).toMatchObject({ pairs: 4, baseline: { mean: 0 }, candidate: { mean: 1 } });
  // Each arm was scored with its own manifest's roles: search_files is a search, so recall is defined.
  expect(row('recall@5').candidate.mean).toBe(1);
  expect(
    JSON.parse(readFileSync(join(dir.path, 'run/arms/candidate/tool-roles.json'), 'utf8')),
  ).toMatchObject({
    search: ['search_files'],
    read: ['read_text_file'],
    symbol: null,
  });
}, 300_000);
