import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readYamlFile } from '../../src/core/read-yaml.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-read-yaml-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('a file read again gives the same value, a copy of its own; a changed file gives its new value', () => {
  const file = join(scratch, 'config.yaml');
  writeFileSync(file, 'search:\n  limit: 10\n  kinds: [code, docs]\n');
  const first = readYamlFile(file, 'serving config') as { search: { limit: number; kinds: string[] } };
  expect(first).toEqual({ search: { limit: 10, kinds: ['code', 'docs'] } });
  // A caller that changes what it got changes nothing the next read gives.
  first.search.limit = 99;
  first.search.kinds.push('tests');
  const second = readYamlFile(file, 'serving config') as typeof first;
  expect(second).toEqual({ search: { limit: 10, kinds: ['code', 'docs'] } });
  second.search.kinds.pop();
  expect(readYamlFile(file, 'serving config')).toEqual({ search: { limit: 10, kinds: ['code', 'docs'] } });
  writeFileSync(file, 'search:\n  limit: 5\n');
  expect(readYamlFile(file, 'serving config')).toEqual({ search: { limit: 5 } });
});

test('a file broken after a good read is refused naming it; a file removed is refused as unreadable', () => {
  const file = join(scratch, 'broken.yaml');
  writeFileSync(file, 'a: 1\n');
  expect(readYamlFile(file, 'manifest')).toEqual({ a: 1 });
  writeFileSync(file, 'a: [1\n');
  expect(() => readYamlFile(file, 'manifest')).toThrow(`The manifest \`${file}\` is not valid YAML`);
  rmSync(file);
  expect(() => readYamlFile(file, 'manifest')).toThrow(`Cannot read the manifest \`${file}\``);
});
