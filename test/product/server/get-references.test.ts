import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildIndex } from '../../../src/product/index-build/build-index.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { connectServer, type ServerConnection } from '../helpers/mcp-client.js';
import { CORPORA, indexedFixture, tempDir } from '../helpers/workspace.js';

// The graph of fixtures/corpora/refs-graph is checked row by row in test/product/index-build/references.test.ts;
// the spans below are the fixture's symbols, counted by hand.
const fixture = indexedFixture('refs-graph');
let server: ServerConnection;

beforeAll(async () => {
  server = await connectServer(['--workspace', fixture.workspace]);
});

afterAll(async () => {
  await server?.close();
  fixture[Symbol.dispose]();
});

describe('get_references through the real MCP server', () => {
  test('callers: calls before imports, each with its line, and pointers to read the callers', async () => {
    const result = await server.call('get_references', { target: 'formatArea', direction: 'callers' });
    expect(result.isError).toBeFalsy();
    expect(result.text.split('\n')).toEqual([
      '4 callers of web/shape.ts#formatArea (function) web/shape.ts:11-14:',
      '1. web/legacy.js:3-6 web/legacy.js#legacyFormat (function)  call at web/legacy.js:5',
      '2. web/rect.ts:18-20 web/rect.ts#Rect.describe (method)  call at web/rect.ts:19',
      '3. web/index.ts:1-4 (block)  import at web/index.ts:4',
      '4. web/rect.ts:1-1 (block)  import at web/rect.ts:1',
      '',
      'together: → get_symbols(targets=["web/legacy.js#legacyFormat","web/rect.ts#Rect.describe"])',
    ]);
    expect(result.structuredContent?.identifiers).toEqual([
      'web/legacy.js',
      'web/legacy.js#L3-L6',
      'web/rect.ts',
      'web/rect.ts#L18-L20',
      'web/index.ts',
      'web/index.ts#L1-L4',
      'web/rect.ts#L1-L1',
    ]);
    expect(result.structuredContent).toMatchObject({
      target: 'web/shape.ts#formatArea',
      direction: 'callers',
      total: 4,
    });
    expect((result.structuredContent!.rows as unknown[])[0]).toEqual({
      path: 'web/legacy.js',
      start: 3,
      end: 6,
      name: 'legacyFormat',
      qualified: 'web/legacy.js#legacyFormat',
      kind: 'function',
      relation: 'caller',
      reference: 'call',
      site: 'web/legacy.js:5',
      written: 'formatArea',
      candidates: 1,
    });
  });

  test('callees: a name four symbols share lists each of them, marked; a limit cuts the list and says so', async () => {
    const result = await server.call('get_references', {
      target: 'total_area',
      direction: 'callees',
      limit: 3,
    });
    expect(result.text.split('\n').slice(0, 4)).toEqual([
      '4 callees of shapes.square.total_area (function) shapes/square.py:16-17 (showing 3):',
      '1. shapes/base.py:7-8 shapes.base.Shape.area (method)  call at shapes/square.py:17, one of 4 symbols named area',
      '2. shapes/circle.py:16-17 shapes.circle.Circle.area (method)  call at shapes/square.py:17, one of 4 symbols named area',
      '3. shapes/square.py:12-13 shapes.square.Square.area (method)  call at shapes/square.py:17, one of 4 symbols named area',
    ]);
    expect(result.structuredContent).toMatchObject({ total: 4 });
    expect(result.text).toContain(
      'together: → get_symbols(targets=["shapes.base.Shape.area","shapes.circle.Circle.area","shapes.square.Square.area"])',
    );
  });

  test('inherits: the subclasses of a Python class, and the base of a TypeScript one, labelled', async () => {
    const shape = await server.call('get_references', { target: 'shapes.base.Shape', direction: 'inherits' });
    expect(shape.text.split('\n').slice(0, 3)).toEqual([
      '2 subclasses of shapes.base.Shape (class) shapes/base.py:4-13:',
      '1. subclass  shapes/circle.py:9-20 shapes.circle.Circle (class)  inherits at shapes/circle.py:9',
      '2. subclass  shapes/square.py:6-13 shapes.square.Square (class)  inherits at shapes/square.py:6',
    ]);
    const tile = await server.call('get_references', { target: 'Tile', direction: 'inherits' });
    expect(tile.text.split('\n').slice(0, 2)).toEqual([
      '1 base of web/rect.ts#Tile (class) web/rect.ts:23-28:',
      '1. base  web/rect.ts:3-21 web/rect.ts#Rect (class)  inherits at web/rect.ts:24',
    ]);
    expect((tile.structuredContent!.rows as { relation: string }[]).map((row) => row.relation)).toEqual([
      'base',
    ]);
  });

  test('Go: the callers of a package function, through the package import and from inside the package', async () => {
    const result = await server.call('get_references', { target: 'geo.Dist', direction: 'callers' });
    expect(result.text.split('\n').slice(0, 3)).toEqual([
      '2 callers of geo.Dist (function) geo/point.go:10-13:',
      '1. cmd/report/main.go:9-13 main.main (function)  call at cmd/report/main.go:12',
      '2. geo/polygon.go:9-16 geo.Polygon.Perimeter (method)  call at geo/polygon.go:13',
    ]);
  });

  test.each([
    [{ target: 'nope', direction: 'callers' }, /^No symbol `nope`/],
    [
      { target: 'Shape', direction: 'sideways' },
      /Unknown direction `sideways`: expected one of `callers`, `callees`, `inherits`/,
    ],
    [{ target: 'Shape' }, /direction/],
  ])('a refused call %j is an error result naming what was wrong', async (args, message) => {
    const result = await server.call('get_references', args);
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(message);
  });
});

describe('get_references on other indexes', () => {
  test('a name past the candidate cap: its possible callers are listed, its callee named as unresolved', async () => {
    using dir = tempDir();
    const corpus = join(dir.path, 'corpus');
    mkdirSync(corpus);
    for (let i = 0; i < 11; i += 1)
      writeFileSync(join(corpus, `m${i}.py`), `class C${i}:\n    def run(self):\n        return ${i}\n`);
    writeFileSync(join(corpus, 'main.py'), 'def main(job):\n    return job.run()\n');
    buildIndex({ corpus, out: join(dir.path, 'ws'), config: parseServingConfig([]) });
    const shared = await connectServer(['--workspace', join(dir.path, 'ws')]);
    try {
      const callers = await shared.call('get_references', { target: 'm0.C0.run', direction: 'callers' });
      expect(callers.text.split('\n').slice(0, 2)).toEqual([
        '1 caller of m0.C0.run (method) m0.py:2-3:',
        '1. main.py:1-2 main.main (function)  call at main.py:2, one of 11 symbols named run',
      ]);
      const callees = await shared.call('get_references', { target: 'main.main', direction: 'callees' });
      expect(callees.text.split('\n')).toEqual([
        'No callees of main.main (function) main.py:1-2 in the index resolved to a symbol.',
        'call `run` at main.py:2: a name 11 symbols share, left unresolved',
      ]);
      expect(callees.structuredContent?.unresolved).toEqual([
        { name: 'run', reference: 'call', site: 'main.py:2', candidates: 11 },
      ]);
    } finally {
      await shared.close();
    }
  });

  test('an index built without references says so', async () => {
    using dir = tempDir();
    const overlay = join(dir.path, 'no-refs.yaml');
    writeFileSync(overlay, 'ingestion: { references: false }\n');
    buildIndex({
      corpus: join(CORPORA, 'refs-graph'),
      out: join(dir.path, 'ws'),
      config: parseServingConfig([{ file: overlay, data: { ingestion: { references: false } } }]),
    });
    const bare = await connectServer(['--workspace', join(dir.path, 'ws'), '--overlay', overlay]);
    try {
      const result = await bare.call('get_references', { target: 'Shape', direction: 'callers' });
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(
        /^This index was built without references \(`ingestion.references: false`\)/,
      );
    } finally {
      await bare.close();
    }
  });
});
