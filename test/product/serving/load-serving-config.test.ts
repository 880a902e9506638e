import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { deepMerge } from '../../../src/product/serving/deep-merge.js';
import { ingestionHash } from '../../../src/product/serving/ingestion-hash.js';
import {
  DEFAULT_SERVING_CONFIG,
  loadServingConfig,
  parseServingConfig,
} from '../../../src/product/serving/load-serving-config.js';
import { ROOT, tempDir } from '../helpers/workspace.js';

const overlays = readdirSync(join(ROOT, 'configs/retrieval')).filter((name) => name.endsWith('.yaml'));

describe('loadServingConfig', () => {
  test('the shipped default spells out exactly the schema defaults', () => {
    expect(loadServingConfig(DEFAULT_SERVING_CONFIG)).toEqual(parseServingConfig([]));
  });

  test.each(overlays)('the shipped overlay %s loads over the default and changes something', (name) => {
    const merged = loadServingConfig(DEFAULT_SERVING_CONFIG, [join(ROOT, 'configs/retrieval', name)]);
    expect(merged).not.toEqual(loadServingConfig(DEFAULT_SERVING_CONFIG));
  });

  test('overlays apply in order, the last one winning', () => {
    const config = parseServingConfig([
      { file: 'base.yaml', data: { query: { mode: 'any', stop_words: false } } },
      { file: 'a.yaml', data: { query: { mode: 'all' } } },
      { file: 'b.yaml', data: { ranking: { weights: { name: 9 } } } },
    ]);
    expect(config.query).toEqual({
      mode: 'all',
      stop_words: false,
      fallback_to_any: true,
      common_term_cutoff: 0.2,
    });
    expect(config.ranking.weights).toEqual({ name: 9, path: 2, text: 1 });
  });

  test.each([
    [[{ file: 'base.yaml', data: { quary: {} } }], 'Unknown key `quary` in `base.yaml`'],
    [
      [
        { file: 'base.yaml', data: { ranking: { weights: { name: 2 } } } },
        { file: 'over.yaml', data: { ranking: { wieghts: { name: 3 } } } },
      ],
      'Unknown key `ranking.wieghts` in `over.yaml`',
    ],
    [
      [
        { file: 'base.yaml', data: { query: { mode: 'any' } } },
        { file: 'over.yaml', data: { query: { mode: 'some' } } },
      ],
      'Invalid value for `query.mode` in `over.yaml`: Invalid option: expected one of "all"|"any", got `some` (string)',
    ],
    [
      [{ file: 'base.yaml', data: { ranking: { file_aggregation: { decay: 2 } } } }],
      'Invalid value for `ranking.file_aggregation.decay` in `base.yaml`: Too big: expected number to be <=1, got `2` (number)',
    ],
    [
      [{ file: 'over.yaml', data: { response: { top_k: 80 } } }],
      'Invalid value for `response.top_k` in `over.yaml`: must be at most `response.max_limit`',
    ],
  ])('refuses %j', (layers, message) => {
    expect(() => parseServingConfig(layers)).toThrow(message);
  });

  test('the graph block: off by default, an unknown key or direction refused by name with its file', () => {
    expect(parseServingConfig([]).graph).toEqual({
      expand: false,
      decay: 0.5,
      top: 5,
      directions: ['callers', 'callees', 'inherits'],
    });
    using dir = tempDir();
    const typo = join(dir.path, 'graph-typo.yaml');
    writeFileSync(typo, 'graph:\n  expand: true\n  hops: 2\n');
    expect(() => loadServingConfig(DEFAULT_SERVING_CONFIG, [typo])).toThrow(
      `Unknown key \`graph.hops\` in \`${typo}\``,
    );
    expect(() =>
      parseServingConfig([{ file: 'dirs.yaml', data: { graph: { directions: ['callers', 'siblings'] } } }]),
    ).toThrow('Invalid value for `graph.directions.1` in `dirs.yaml`');
    expect(() =>
      parseServingConfig([
        { file: 'base.yaml', data: { ingestion: { references: false } } },
        { file: 'graph.yaml', data: { graph: { expand: true } } },
      ]),
    ).toThrow(
      'Invalid value for `graph.expand` in `graph.yaml`: graph expansion follows the reference graph: it needs `ingestion.references`',
    );
  });

  test.each([
    [{ model: 'gpt' }, 'model'],
    [{ query: { temperature: 0 } }, 'query.temperature'],
    [{ response: { base_url: 'http://x' } }, 'response.base_url'],
  ])('refuses model settings %j by key name with a pointer to --llm-block', (data, key) => {
    expect(() => parseServingConfig([{ file: 'serving.yaml', data }])).toThrow(
      `The key \`${key}\` in \`serving.yaml\` is a model setting; a serving config never chooses the model: pass model settings with \`--llm-block\``,
    );
  });

  test('a YAML syntax error names the file', () => {
    using dir = tempDir();
    const file = join(dir.path, 'bad.yaml');
    writeFileSync(file, 'query: [unclosed\n');
    expect(() => loadServingConfig(file)).toThrow(`The serving config \`${file}\` is not valid YAML`);
  });
});

describe('deepMerge and ingestionHash', () => {
  test('mappings merge, lists and scalars replace', () => {
    expect(deepMerge({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, e: 2 })).toEqual({
      a: { b: 1, c: [3] },
      d: 1,
      e: 2,
    });
  });

  test('query-time keys leave the ingestion hash alone; ingestion keys change it', () => {
    const base = parseServingConfig([]);
    const queryOnly = loadServingConfig(DEFAULT_SERVING_CONFIG, [
      join(ROOT, 'configs/retrieval/all-words.yaml'),
    ]);
    const stemless = parseServingConfig([{ file: 'x', data: { ingestion: { stemming: false } } }]);
    expect(ingestionHash(queryOnly.ingestion)).toBe(ingestionHash(base.ingestion));
    expect(ingestionHash(stemless.ingestion)).not.toBe(ingestionHash(base.ingestion));
    expect(ingestionHash(base.ingestion)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
