import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createWorkspaceResolver } from '../../../src/agent/harness/task-workspace.js';
import { loadProduct } from '../../../src/agent/manifest/load-manifest.js';
import { productIndexer } from '../../../src/agent/manifest/product-indexer.js';
import { loadServingConfig } from '../../../src/product/index.js';
import { git, tempDir } from '../../optimize/campaign/helpers.js';

// The product's own index step: it writes its label and the corpus's entry count to {workspace}/count.txt.
const INDEX_SCRIPT = `const fs = require('fs');
const [corpus, workspace, label] = process.argv.slice(2);
fs.mkdirSync(workspace, { recursive: true });
fs.writeFileSync(workspace + '/count.txt', label + ':' + fs.readdirSync(corpus).length);
`;

function commit(repo: string, label: string): void {
  writeFileSync(join(repo, 'index.js'), INDEX_SCRIPT);
  writeFileSync(
    join(repo, 'agent-track.product.yaml'),
    `name: p\nserve: [node, s.js, "{workspace}"]\nindex: [node, index.js, "{corpus}", "{workspace}", ${label}]\n`,
  );
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', label);
}

test("a product's own index command builds its workspace, cached by corpus and the product's commit", async () => {
  using dir = tempDir();
  const repo = join(dir.path, 'product');
  const cacheDir = join(dir.path, 'cache');
  git(dir.path, 'init', '-q', 'product');
  writeFileSync(join(repo, 's.js'), '');
  commit(repo, 'first');
  const config = loadServingConfig();
  const task = {
    id: 't',
    question: 'q',
    gold: {},
    corpus: { dir: join(import.meta.dirname, '../../../fixtures/corpora/py-shop') },
  };
  const placeOf = async () => {
    const indexer = productIndexer(loadProduct(repo))!;
    const resolver = createWorkspaceResolver({ config, cacheDir, reposDir: cacheDir, indexer });
    return { place: await resolver(task), code: await indexer.code() };
  };
  const first = await placeOf();
  expect(first.code).toMatch(/^tree-[0-9a-f]{12}$/);
  expect(first.code).toBe(`tree-${git(repo, 'rev-parse', 'HEAD^{tree}').slice(0, 12)}`);
  // py-shop's root holds 5 entries (README.md, docs, pyproject.toml, shop, tests).
  expect(readFileSync(join(first.place.workspace!, 'count.txt'), 'utf8')).toBe('first:5');
  expect(existsSync(join(first.place.workspace!, '.agent-track-index-complete'))).toBe(true);
  // The same commit again: the cached workspace, not rebuilt.
  writeFileSync(join(first.place.workspace!, 'count.txt'), 'kept');
  expect((await placeOf()).place.workspace).toBe(first.place.workspace);
  expect(readFileSync(join(first.place.workspace!, 'count.txt'), 'utf8')).toBe('kept');
  // A commit that indexes differently gets its own workspace, built by its own command.
  commit(repo, 'second');
  const second = await placeOf();
  expect(second.place.workspace).not.toBe(first.place.workspace);
  expect(readFileSync(join(second.place.workspace!, 'count.txt'), 'utf8')).toBe('second:5');
});

test('a failing index command is refused naming the command and its stderr, and nothing is left to serve', async () => {
  using dir = tempDir();
  writeFileSync(
    join(dir.path, 'agent-track.product.yaml'),
    'name: p\nserve: [node, s.js, "{workspace}"]\nindex: [node, -e, "console.error(\'no parser for this\');process.exit(4)", "{corpus}"]\n',
  );
  writeFileSync(join(dir.path, 's.js'), '');
  const indexer = productIndexer(loadProduct(dir.path))!;
  const workspace = join(dir.path, 'ws');
  await expect(indexer.build({ corpus: dir.path, workspace, config: '/c.yaml' })).rejects.toMatchObject({
    code: 'PRODUCT_INDEX_FAILED',
    message: expect.stringMatching(/failed \(exit code 4\): no parser for this/),
  });
  expect(existsSync(workspace)).toBe(false);
  // Outside git, the code is the index command's own hash.
  expect(await indexer.code()).toMatch(/^argv-[0-9a-f]{12}$/);
});
