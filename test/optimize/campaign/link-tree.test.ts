import { mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { linkTree, sameStamp, treeStamp } from '../../../src/optimize/campaign/arms/link-tree.js';
import { tempDir } from './helpers.js';

test('a linked tree: its directories its own, its files the same files, its symbolic links verbatim', () => {
  using dir = tempDir();
  const from = join(dir.path, 'kept');
  mkdirSync(join(from, 'cli/chunks'), { recursive: true });
  writeFileSync(join(from, 'cli/bin.js'), 'console.log(1);\n');
  writeFileSync(join(from, 'cli/chunks/a.js'), 'export const a = 1;\n');
  symlinkSync('../cli/bin.js', join(from, 'cli/chunks/entry.js'));
  const to = join(dir.path, 'worktree/dist');
  linkTree(from, to);
  expect(statSync(join(to, 'cli/bin.js')).ino).toBe(statSync(join(from, 'cli/bin.js')).ino);
  expect(statSync(join(to, 'cli/chunks/a.js')).nlink).toBe(2);
  expect(readlinkSync(join(to, 'cli/chunks/entry.js'))).toBe('../cli/bin.js');
  expect(statSync(join(to, 'cli/chunks')).ino).not.toBe(statSync(join(from, 'cli/chunks')).ino);
  // A file added beside the links is the worktree's alone.
  writeFileSync(join(to, 'cli/new.js'), 'x');
  expect(() => statSync(join(from, 'cli/new.js'))).toThrow();
});

test('a stamp names each file by size and modification time; a write through a link breaks it', () => {
  using dir = tempDir();
  const from = join(dir.path, 'kept');
  mkdirSync(join(from, 'dist'), { recursive: true });
  writeFileSync(join(from, 'dist/out.txt'), 'one');
  const stamp = treeStamp(from);
  expect(Object.keys(stamp)).toEqual(['dist/out.txt']);
  expect(stamp['dist/out.txt']![0]).toBe(3);
  const to = join(dir.path, 'linked');
  linkTree(from, to);
  expect(sameStamp(from, stamp)).toBe(true);
  writeFileSync(join(to, 'dist/out.txt'), 'two');
  expect(readFileSync(join(from, 'dist/out.txt'), 'utf8')).toBe('two');
  expect(sameStamp(from, stamp)).toBe(false);
  expect(sameStamp(join(dir.path, 'gone'), stamp)).toBe(false);
});
