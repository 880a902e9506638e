import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { builtTwin, DIST_MARK, distBuiltFrom, markDist } from '../../src/core/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-twin-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// A package as a checkout has it: package.json, src/ and a dist/ built from it.
function checkout(name: string): string {
  const root = join(scratch, name);
  mkdirSync(join(root, 'src/server'), { recursive: true });
  mkdirSync(join(root, 'dist/server'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{"name":"p"}\n');
  writeFileSync(join(root, 'src/server/main.ts'), 'export const a: number = 1;\n');
  writeFileSync(join(root, 'dist/server/main.js'), 'export const a = 1;\n');
  return root;
}
const url = (root: string, path: string) => pathToFileURL(join(root, path));

describe('builtTwin: a source module runs from dist/ only when dist/ was built from this very src/', () => {
  test('marked from this tree: the twin; unmarked, or a module dist/ lacks: null', () => {
    const root = checkout('marked');
    expect(builtTwin(url(root, 'src/server/main.ts'))).toBeNull();
    markDist(root);
    expect(readFileSync(join(root, 'dist', DIST_MARK), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(builtTwin(url(root, 'src/server/main.ts'))).toBe(join(root, 'dist/server/main.js'));
    writeFileSync(join(root, 'src/server/other.ts'), 'export {};\n');
    expect(builtTwin(url(root, 'src/server/other.ts'))).toBeNull();
    // Built code is its own twin's source: only a .ts under src/ has a twin.
    expect(builtTwin(url(root, 'dist/server/main.js'))).toBeNull();
  });

  test('a source edited since the build (its mark names another tree): null, so the child runs the edit', () => {
    const built = checkout('built');
    markDist(built);
    const edited = join(scratch, 'edited');
    cpSync(built, edited, { recursive: true });
    expect(builtTwin(url(edited, 'src/server/main.ts'))).toBe(join(edited, 'dist/server/main.js'));
    const again = join(scratch, 'edited-again');
    cpSync(built, again, { recursive: true });
    writeFileSync(join(again, 'src/server/main.ts'), 'export const a: number = 2;\n');
    expect(builtTwin(url(again, 'src/server/main.ts'))).toBeNull();
  });
});

describe('distBuiltFrom: whether a dist/ was built from the src/ tree of another copy', () => {
  test('a copy of the same src/: true; the copy edited, even after a first answer: false', () => {
    const built = checkout('source');
    expect(distBuiltFrom(built)).toBe(false);
    markDist(built);
    expect(distBuiltFrom(built)).toBe(true);
    const copy = join(scratch, 'copy');
    mkdirSync(copy);
    cpSync(join(built, 'src'), join(copy, 'src'), { recursive: true });
    expect(distBuiltFrom(built, copy)).toBe(true);
    // The copy is hashed as it is at each call, never as an earlier call found it.
    writeFileSync(join(copy, 'src/server/main.ts'), 'export const a: number = 3;\n');
    expect(distBuiltFrom(built, copy)).toBe(false);
    expect(distBuiltFrom(built)).toBe(true);
  });
});
