import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { DIST_MARK } from '../../../src/core/index.js';
import { makeDemoProduct, seedDemoCache } from '../../../src/optimize/before-after/demo-product.js';

const root = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-demo-seed-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// What the cache holds under `installs`: the entries, and each one's kept builds.
const builds = (installs: string) =>
  readdirSync(installs).flatMap((entry) =>
    existsSync(join(installs, entry, 'builds')) ? readdirSync(join(installs, entry, 'builds')) : [],
  );

// The test setup transpiled this checkout's dist/ from its src/ and marked it so.
test("the demo product's cache is seeded with the checkout's build only while the product holds the same src/", async () => {
  const { repo } = await makeDemoProduct(root, join(scratch, 'product'));
  const same = join(scratch, 'same', 'installs');
  // A declaration in the checkout's dist/, as `npm run build` leaves them there.
  const declaration = join(root, 'dist/core/seed-probe.d.ts');
  writeFileSync(declaration, 'export {};\n');
  try {
    await seedDemoCache(repo, root, same);
  } finally {
    rmSync(declaration, { force: true });
  }
  const [build] = builds(same);
  expect(builds(same)).toHaveLength(1);
  const [install] = readdirSync(same);
  const kept = join(same, install!, 'builds', build!, 'outputs', 'dist');
  expect(readFileSync(join(kept, DIST_MARK), 'utf8')).toBe(
    readFileSync(join(root, 'dist', DIST_MARK), 'utf8'),
  );
  expect(existsSync(join(kept, 'cli/bin.js'))).toBe(true);
  // As the transpile makes it: no declarations.
  const files = readdirSync(kept, { recursive: true, encoding: 'utf8' });
  expect(files.filter((file) => file.endsWith('.d.ts'))).toEqual([]);
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(600);
  // Seeding again keeps the one build there.
  await seedDemoCache(repo, root, same);
  expect(builds(same)).toEqual([build]);

  // Other code at the product's HEAD: the install is seeded, the build is not (the arms build it).
  const file = join(repo, 'src/product/index-build/pieces/cut-file.ts');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n// another tree\n`);
  execFileSync('git', ['commit', '-qam', 'other code'], { cwd: repo });
  const other = join(scratch, 'other', 'installs');
  await seedDemoCache(repo, root, other);
  expect(readdirSync(other)).toHaveLength(1);
  expect(builds(other)).toEqual([]);
}, 60_000);
