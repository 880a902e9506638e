import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Bundle } from '../../../src/product/bundle/open-bundle.js';
import { openBundle } from '../../../src/product/bundle/open-bundle.js';
import { buildIndex } from '../../../src/product/index-build/build-index.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { CORPORA, indexedFixture, tempDir } from '../helpers/workspace.js';

const config = parseServingConfig([]);

const ROWS = `
SELECT r.kind, f.path || ':' || r.line AS at, fs.qualified AS source, ts.qualified AS symbol,
       tf.path AS file, r.to_name, r.candidates
FROM refs r JOIN pieces p ON p.id = r.from_piece JOIN files f ON f.id = p.file_id
LEFT JOIN symbols fs ON fs.id = r.from_symbol LEFT JOIN symbols ts ON ts.id = r.to_symbol
LEFT JOIN files tf ON tf.id = r.to_file
ORDER BY f.path, r.line, r.kind, ts.qualified, tf.path`;

/** Each reference as `kind path:line from -> target`, `(n candidates)` when the name is shared. */
function references(bundle: Bundle): string[] {
  const rows = bundle.db.prepare(ROWS).all() as {
    kind: string;
    at: string;
    source: string | null;
    symbol: string | null;
    file: string | null;
    to_name: string;
    candidates: number;
  }[];
  return rows.map(
    (row) =>
      `${row.kind} ${row.at} ${row.source ?? '(top level)'} -> ${row.symbol ?? row.file ?? `? ${row.to_name}`}${row.candidates > 1 ? ` (${row.candidates} candidates)` : ''}`,
  );
}

function withBundle<T>(workspace: string, run: (bundle: Bundle) => T, ingestion = config.ingestion): T {
  const bundle = openBundle(workspace, ingestion);
  try {
    return run(bundle);
  } finally {
    bundle.close();
  }
}

describe('the reference graph of fixtures/corpora/refs-graph (computed by hand)', () => {
  test('calls, imports and bases in Python, TypeScript, JavaScript and Go, each resolved where the code decides it', () => {
    using fixture = indexedFixture('refs-graph');
    expect(withBundle(fixture.workspace, references)).toEqual([
      // Go: an import names its package's files (tests excluded); `geo.Dist` through the import,
      // `square.Perimeter` by the only method of that name; `fmt` is a library: nothing.
      'import cmd/report/main.go:6 (top level) -> geo/measure.go',
      'import cmd/report/main.go:6 (top level) -> geo/point.go',
      'import cmd/report/main.go:6 (top level) -> geo/polygon.go',
      'call cmd/report/main.go:11 main.main -> geo.Polygon.Perimeter',
      'call cmd/report/main.go:12 main.main -> geo.Dist',
      // An embedded interface and an embedded struct; an interface's method specs are not calls.
      'inherits geo/measure.go:10 geo.ScaledMeasurer -> geo.Measurer',
      'inherits geo/polygon.go:5 geo.Polygon -> geo.Point',
      // `Dist` from another file of the package; `p.Perimeter` through the method's receiver.
      'call geo/polygon.go:13 geo.Polygon.Perimeter -> geo.Dist',
      'call geo/polygon.go:20 geo.Polygon.Scaled -> geo.Polygon.Perimeter',
      // `import shapes.circle as circle` names the module's file and binds `circle.unit_circle`.
      'import scripts/report.py:3 (top level) -> shapes/circle.py',
      'import scripts/report.py:4 (top level) -> shapes.square.Square',
      'import scripts/report.py:4 (top level) -> shapes.square.total_area',
      'call scripts/report.py:7 (top level) -> shapes.circle.unit_circle',
      'call scripts/report.py:7 (top level) -> shapes.square.Square',
      'call scripts/report.py:7 (top level) -> shapes.square.total_area',
      'import shapes/__init__.py:3 (top level) -> shapes.base.Shape',
      // `self.area()`; the `area()` in the comment and in the string are not calls.
      'call shapes/base.py:12 shapes.base.Shape.describe -> shapes.base.Shape.area',
      // `from shapes import Shape` follows the package's re-export to shapes.base.
      'import shapes/circle.py:5 (top level) -> shapes.base.Shape',
      'import shapes/circle.py:6 (top level) -> shapes.base.Named',
      'inherits shapes/circle.py:9 shapes.circle.Circle -> shapes.base.Named',
      'inherits shapes/circle.py:9 shapes.circle.Circle -> shapes.base.Shape',
      // `super().__init__()` names nothing (neither base defines it); `super().describe()` the base's.
      'call shapes/circle.py:20 shapes.circle.Circle.describe -> shapes.base.Shape.describe',
      'call shapes/circle.py:24 shapes.circle.unit_circle -> shapes.circle.Circle',
      'import shapes/square.py:3 (top level) -> shapes.base.Shape',
      'inherits shapes/square.py:6 shapes.square.Square -> shapes.base.Shape',
      // `shape.area()` on an unknown receiver: every `area` in the corpus, each kept and marked.
      'call shapes/square.py:17 shapes.square.total_area -> shapes.base.Shape.area (4 candidates)',
      'call shapes/square.py:17 shapes.square.total_area -> shapes.circle.Circle.area (4 candidates)',
      'call shapes/square.py:17 shapes.square.total_area -> shapes.square.Square.area (4 candidates)',
      'call shapes/square.py:17 shapes.square.total_area -> web/rect.ts#Rect.area (4 candidates)',
      // `node:fs` is a library: `readFileSync` names nothing; `export { } from` is an import too.
      'import web/index.ts:2 (top level) -> web/rect.ts#Rect',
      'import web/index.ts:2 (top level) -> web/rect.ts#Tile',
      'import web/index.ts:4 (top level) -> web/shape.ts#formatArea',
      'call web/index.ts:9 web/index.ts#largest -> web/rect.ts#Tile',
      // `require('./shape.js')` resolves to shape.ts and binds `shape.formatArea`.
      'import web/legacy.js:1 web/legacy.js#shape -> web/shape.ts',
      'call web/legacy.js:5 web/legacy.js#legacyFormat -> web/shape.ts#formatArea',
      'import web/rect.ts:1 (top level) -> web/shape.ts#Shape2D',
      'import web/rect.ts:1 (top level) -> web/shape.ts#formatArea',
      'inherits web/rect.ts:4 web/rect.ts#Rect -> web/shape.ts#Shape2D',
      // `this.name()`, `this.area()` and the imported `formatArea`; method declarations are not calls.
      'call web/rect.ts:19 web/rect.ts#Rect.describe -> web/rect.ts#Rect.area',
      'call web/rect.ts:19 web/rect.ts#Rect.describe -> web/rect.ts#Rect.name',
      'call web/rect.ts:19 web/rect.ts#Rect.describe -> web/shape.ts#formatArea',
      'inherits web/rect.ts:24 web/rect.ts#Tile -> web/rect.ts#Rect',
      'inherits web/shape.ts:7 web/shape.ts#Shape2D -> web/shape.ts#HasArea',
    ]);
  });

  test('a name shared by more symbols than the cap is one row without a target, counting them', () => {
    using dir = tempDir();
    const corpus = join(dir.path, 'corpus');
    mkdirSync(corpus);
    for (let i = 0; i < 11; i += 1)
      writeFileSync(join(corpus, `m${i}.py`), `class C${i}:\n    def run(self):\n        return ${i}\n`);
    writeFileSync(join(corpus, 'main.py'), 'def main(job):\n    return job.run()\n');
    const manifest = buildIndex({ corpus, out: join(dir.path, 'ws'), config });
    expect(manifest.counts.references).toBe(1);
    expect(withBundle(join(dir.path, 'ws'), references)).toEqual([
      'call main.py:2 main.main -> ? run (11 candidates)',
    ]);
  });

  test('`ingestion.references: false` builds no graph, and is a bundle of its own', () => {
    using dir = tempDir();
    const off = parseServingConfig([{ file: 'off.yaml', data: { ingestion: { references: false } } }]);
    const manifest = buildIndex({
      corpus: join(CORPORA, 'refs-graph'),
      out: dir.path,
      config: off,
    });
    expect(manifest.counts.references).toBe(0);
    expect(() => openBundle(dir.path, config.ingestion)).toThrow('(`ingestion.references` differs)');
  });
});
