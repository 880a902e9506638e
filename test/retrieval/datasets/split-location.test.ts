import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { splitStratum } from '../../../src/retrieval/datasets/slices.js';
import { loadSplit, SLICES } from '../../../src/retrieval/index.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-split-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The fixture dataset and its corpora copied under `at`, with a registry naming it.
function copyAt(at: string): string {
  cpSync(join(ROOT, 'fixtures/datasets'), join(at, 'fixtures/datasets'), { recursive: true });
  cpSync(join(ROOT, 'fixtures/corpora'), join(at, 'fixtures/corpora'), { recursive: true });
  const registry = join(at, 'registry');
  mkdirSync(registry);
  writeFileSync(
    join(registry, 'fixture-code.yaml'),
    stringify({ description: 'a copy', loader: 'native', file: '../fixtures/datasets/fixture-code.jsonl' }),
  );
  return registry;
}

test('a dir corpus is named relative to the dataset in the split stratum', () => {
  expect(splitStratum({ dir: '/a/b/fixtures/corpora/py-shop' }, '/a/b/fixtures/datasets')).toBe(
    'dir:../corpora/py-shop',
  );
  expect(splitStratum({ dir: '/a/b/corpora/x' }, undefined)).toBe('dir:/a/b/corpora/x');
});

test('two checkouts at different paths cut the same slices', async () => {
  const here = copyAt(join(scratch, 'one'));
  const there = copyAt(join(scratch, 'elsewhere/deeper/two'));
  for (const slice of SLICES) {
    const ids = async (registryDir: string) =>
      (await loadSplit(`fixture-code/${slice}`, { reposDir: join(scratch, 'repos'), registryDir })).tasks.map(
        (t) => t.id,
      );
    expect(await ids(there)).toEqual(await ids(here));
  }
  // And the same as this checkout's.
  const own = await loadSplit('fixture-code/small_test', { reposDir: join(scratch, 'repos') });
  expect(
    (
      await loadSplit('fixture-code/small_test', { reposDir: join(scratch, 'repos'), registryDir: here })
    ).tasks.map((t) => t.id),
  ).toEqual(own.tasks.map((t) => t.id));
});
