import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readArmManifest } from '../../../src/optimize/campaign/arms/arm-manifest.js';
import { tempDir } from '../../product/helpers/workspace.js';

test('an arm reads the one product manifest schema and needs its harness', () => {
  using dir = tempDir();
  const file = join(dir.path, 'agent-track.product.yaml');
  writeFileSync(file, 'name: p\nsetup: null\nserve: [node, s.js]\nharness: [node, h.js]\n');
  expect(readArmManifest(dir.path)).toMatchObject({ setup: null, harness: ['node', 'h.js'] });
  writeFileSync(file, 'name: p\nserve: [node, s.js]\n');
  expect(() => readArmManifest(dir.path)).toThrow(/has no `harness`: a campaign arm runs it/);
  writeFileSync(file, 'name: p\nserve: [node, s.js]\nharness: [node, h.js]\nharnes: [x]\n');
  expect(() => readArmManifest(dir.path)).toThrow(/harnes/);
});
