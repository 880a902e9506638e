import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readBundleManifest } from '../../../src/product/bundle/manifest.js';
import { openBundle } from '../../../src/product/bundle/open-bundle.js';
import { buildIndex } from '../../../src/product/index-build/build-index.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { CORPORA, indexedFixture, tempDir } from '../helpers/workspace.js';

const config = parseServingConfig([]);

describe('buildIndex', () => {
  test.each([
    ['py-shop', 17, 59],
    ['ts-notes', 18, 50],
    ['go-kv', 12, 36],
  ])('%s: %i files and %i symbols', (corpus, files, symbols) => {
    using fixture = indexedFixture(corpus);
    const manifest = readBundleManifest(fixture.workspace);
    expect(manifest.counts.files).toBe(files);
    expect(manifest.counts.symbols).toBe(symbols);
    expect(manifest.skipped).toEqual({ too_large: 0, binary: 0, not_utf8: 0 });
  });

  test.each(['py-shop', 'ts-notes', 'go-kv'])(
    '%s: every line with content is in exactly one piece',
    (corpus) => {
      using fixture = indexedFixture(corpus);
      const bundle = openBundle(fixture.workspace, config.ingestion);
      try {
        const files = bundle.db.prepare('SELECT id, path, content FROM files').all() as {
          id: number;
          path: string;
          content: string;
        }[];
        const pieces = bundle.db.prepare('SELECT file_id, start, end FROM pieces').all() as {
          file_id: number;
          start: number;
          end: number;
        }[];
        for (const file of files) {
          const count = new Map<number, number>();
          for (const piece of pieces.filter((p) => p.file_id === file.id)) {
            for (let line = piece.start; line <= piece.end; line += 1)
              count.set(line, (count.get(line) ?? 0) + 1);
          }
          file.content.split('\n').forEach((text, i) => {
            if (/[\p{L}\p{N}]/u.test(text))
              expect([file.path, i + 1, count.get(i + 1)]).toEqual([file.path, i + 1, 1]);
          });
        }
      } finally {
        bundle.close();
      }
    },
  );

  test('a piece longer than max_piece_lines is cut into windows that keep its name', () => {
    using dir = tempDir();
    const corpus = join(dir.path, 'corpus');
    mkdirSync(corpus);
    const body = Array.from({ length: 30 }, (_, i) => `    x${i} = ${i}`).join('\n');
    writeFileSync(join(corpus, 'big.py'), `def big():\n${body}\n`);
    const small = parseServingConfig([
      { file: 'x', data: { ingestion: { max_piece_lines: 10, window_lines: 12 } } },
    ]);
    buildIndex({ corpus, out: join(dir.path, 'ws'), config: small });
    const bundle = openBundle(join(dir.path, 'ws'), small.ingestion);
    try {
      expect(bundle.db.prepare('SELECT name, start, end FROM pieces ORDER BY start').all()).toEqual([
        { name: 'big', start: 1, end: 12 },
        { name: 'big', start: 13, end: 24 },
        { name: 'big', start: 25, end: 31 },
      ]);
    } finally {
      bundle.close();
    }
  });

  test('skips hidden and excluded directories, binary, oversized and non-UTF-8 files, and never follows links', () => {
    using dir = tempDir();
    const corpus = join(dir.path, 'corpus');
    mkdirSync(join(corpus, '.git'), { recursive: true });
    mkdirSync(join(corpus, 'node_modules/pkg'), { recursive: true });
    writeFileSync(join(corpus, 'keep.md'), '# Keep\n');
    writeFileSync(join(corpus, '.git/config'), 'secret\n');
    writeFileSync(join(corpus, 'node_modules/pkg/index.js'), 'x\n');
    writeFileSync(join(corpus, 'image.png'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    writeFileSync(join(corpus, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    writeFileSync(join(corpus, 'huge.txt'), 'y'.repeat(2000));
    writeFileSync(join(dir.path, 'outside.txt'), 'outside\n');
    symlinkSync(join(dir.path, 'outside.txt'), join(corpus, 'link.txt'));
    const limited = parseServingConfig([{ file: 'x', data: { ingestion: { max_file_bytes: 1000 } } }]);
    const manifest = buildIndex({ corpus, out: join(dir.path, 'ws'), config: limited });
    expect(manifest.counts.files).toBe(1);
    expect(manifest.skipped).toEqual({ too_large: 1, binary: 1, not_utf8: 1 });
  });

  test('the corpus hash depends on paths and contents, not on where the corpus sits', () => {
    using dir = tempDir();
    cpSync(join(CORPORA, 'go-kv'), join(dir.path, 'a'), { recursive: true });
    cpSync(join(CORPORA, 'go-kv'), join(dir.path, 'b'), { recursive: true });
    const a = buildIndex({ corpus: join(dir.path, 'a'), out: join(dir.path, 'wa'), config });
    const b = buildIndex({ corpus: join(dir.path, 'b'), out: join(dir.path, 'wb'), config });
    expect(b.corpus_hash).toBe(a.corpus_hash);
    writeFileSync(join(dir.path, 'b/go.mod'), `${readFileSync(join(dir.path, 'b/go.mod'), 'utf8')}// edit\n`);
    const edited = buildIndex({ corpus: join(dir.path, 'b'), out: join(dir.path, 'wb'), config });
    expect(edited.corpus_hash).not.toBe(a.corpus_hash);
  });

  test('opening a bundle with other ingestion keys is refused, naming the keys', () => {
    using fixture = indexedFixture('go-kv');
    const other = parseServingConfig([
      { file: 'x', data: { ingestion: { stemming: false, window_lines: 30 } } },
    ]);
    expect(() => openBundle(fixture.workspace, other.ingestion)).toThrow(
      'was built with another config (`ingestion.window_lines`, `ingestion.stemming` differ)',
    );
    const queryOnly = parseServingConfig([{ file: 'x', data: { query: { mode: 'all' } } }]);
    openBundle(fixture.workspace, queryOnly.ingestion).close();
  });

  test('a bundle of an older index format is refused with the command that rebuilds it', () => {
    using fixture = indexedFixture('go-kv');
    const file = join(fixture.workspace, 'bundle.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), format: 1 }));
    expect(() => openBundle(fixture.workspace, config.ingestion)).toThrow(
      `The bundle in \`${fixture.workspace}\` has index format \`1\`; this agent-track reads format 3: rebuild it with \`agent-track index --corpus DIR --out ${fixture.workspace}\``,
    );
  });

  test('a corpus that is not a directory is named', () => {
    using dir = tempDir();
    expect(() => buildIndex({ corpus: join(dir.path, 'missing'), out: dir.path, config })).toThrow(
      `The corpus \`${join(dir.path, 'missing')}\` is not a directory`,
    );
  });
});
