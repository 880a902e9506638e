import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openBundle } from '../../../src/product/bundle/open-bundle.js';
import { buildIndex } from '../../../src/product/index-build/build-index.js';
import { anyModeExpressions } from '../../../src/product/search/common-terms.js';
import { searchCodebase } from '../../../src/product/search/search-codebase.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { tempDir } from '../helpers/workspace.js';

describe('common terms in any mode', () => {
  test('a word in most pieces only scores pieces a rarer word matched; cutoff 0 scores them all', () => {
    using dir = tempDir();
    const corpus = join(dir.path, 'corpus');
    mkdirSync(corpus);
    // 200 one-piece files all saying "ledger"; files 7 and 42 also say "reconcile", file 9 says "audit".
    for (let i = 0; i < 200; i += 1) {
      const extra = i === 7 || i === 42 ? ' reconcile' : i === 9 ? ' audit' : '';
      writeFileSync(join(corpus, `f${String(i).padStart(3, '0')}.txt`), `ledger entry ${i}${extra}\n`);
    }
    const config = parseServingConfig([]);
    buildIndex({ corpus, out: join(dir.path, 'ws'), config });
    const bundle = openBundle(join(dir.path, 'ws'), config.ingestion);
    try {
      expect(anyModeExpressions(bundle, 'ledger reconcile', config)).toEqual([
        '("reconcile") AND ("ledger" OR "reconcile")',
      ]);
      expect(anyModeExpressions(bundle, 'ledger entry', config)).toEqual([
        '"ledger" AND "entry"',
        '"ledger" OR "entry"',
      ]);
      const rows = searchCodebase(bundle, config, { query: 'ledger reconcile' }).rows.map((row) => row.path);
      expect(rows.sort()).toEqual(['f007.txt', 'f042.txt']);
      const plain = parseServingConfig([
        { file: 'plain-or.yaml', data: { query: { common_term_cutoff: 0 } } },
      ]);
      const all = searchCodebase(bundle, plain, { query: 'ledger reconcile', limit: 50 }).rows.map(
        (row) => row.path,
      );
      expect(all.slice(0, 2).sort()).toEqual(['f007.txt', 'f042.txt']);
      expect(all).toHaveLength(50);
    } finally {
      bundle.close();
    }
  });
});
