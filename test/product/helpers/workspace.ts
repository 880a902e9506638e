import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIndex } from '../../../src/product/index-build/build-index.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import type { ServingConfig } from '../../../src/product/serving/schema.js';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const CORPORA = join(ROOT, 'fixtures/corpora');

/** A temp directory removed on dispose (`using dir = tempDir()`). */
export function tempDir(prefix = 'agent-track-'): { path: string; [Symbol.dispose]: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, [Symbol.dispose]: () => rmSync(path, { recursive: true, force: true }) };
}

/** Indexes a fixture corpus into a fresh temp workspace. */
export function indexedFixture(
  corpus: string,
  config: ServingConfig = parseServingConfig([]),
): { workspace: string; config: ServingConfig; [Symbol.dispose]: () => void } {
  const dir = tempDir('agent-track-ws-');
  buildIndex({ corpus: join(CORPORA, corpus), out: dir.path, config });
  return { workspace: dir.path, config, [Symbol.dispose]: dir[Symbol.dispose] };
}
