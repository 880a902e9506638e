import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { armHarness, readArmManifest } from '../../../src/optimize/campaign/arms/arm-manifest.js';
import { tempDir } from '../../product/helpers/workspace.js';

test('an arm reads the one product manifest schema; without a harness it runs agent-track’s on its worktree', () => {
  using dir = tempDir();
  const file = join(dir.path, 'agent-track.product.yaml');
  writeFileSync(file, 'name: p\nsetup: null\nserve: [node, s.js]\nharness: [node, h.js]\n');
  const own = readArmManifest(dir.path);
  expect(own).toMatchObject({ setup: null, harness: ['node', 'h.js'] });
  expect(armHarness(own, dir.path, ['at', 'harness'])).toEqual({
    harness: ['node', 'h.js'],
    productArgs: [],
    own: true,
  });
  writeFileSync(file, 'name: p\nserve: [node, s.js]\n');
  const served = readArmManifest(dir.path);
  expect(armHarness(served, dir.path, ['at', 'harness'])).toEqual({
    harness: ['at', 'harness'],
    productArgs: ['--product', dir.path],
    own: false,
  });
  expect(() => armHarness(served, dir.path, undefined)).toThrow(
    /has no `harness`, and no agent-track harness was given to run it with/,
  );
  writeFileSync(file, 'name: p\nserve: [node, s.js]\nharness: [node, h.js]\nharnes: [x]\n');
  expect(() => readArmManifest(dir.path)).toThrow(/harnes/);
});
