// Config files built to hurt (issue 39): YAML alias bombs, nesting tens of thousands deep, numbers
// past every bound, tags the parser cannot resolve, repeated keys, megabyte strings, bytes that are
// not UTF-8, a file that is only a scalar or a list (an empty one, or `null`, reads as {}), through every loader a user names a file to.
// Contract: refused (an AgentTrackError naming the file), never a warning printed beside it (a
// YAML warning quotes the line, which in an LLM block could hold a key), every case in its budget.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { loadLlmBlock } from '../../src/agent/llm/load-block.js';
import { loadProduct } from '../../src/agent/manifest/load-manifest.js';
import { loadEvalConfig } from '../../src/cli/commands/eval-config.js';
import { loadCompareConfig } from '../../src/optimize/compare/compare-config.js';
import { loadCampaignConfig } from '../../src/optimize/optimizer/config/load-config.js';
import { loadServingConfig } from '../../src/product/serving/load-serving-config.js';
import { hostile, refusalProblem } from './hostile.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-hostile-config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const LOADERS: Record<string, (file: string) => unknown> = {
  serving: (file) => loadServingConfig(file),
  optimize: (file) => loadCampaignConfig(file),
  'llm block': (file) => loadLlmBlock(file),
  eval: (file) => loadEvalConfig(file),
  compare: (file) => loadCompareConfig(file),
  manifest: (file) => loadProduct(join(file, '..'), file),
};

function aliasBomb(levels: number): string {
  const lines = ['l0: &l0 [x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `l${i}: &l${i} [${Array(9)
        .fill(`*l${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

/** One hostile file: its bytes and what it is. */
const bomb: fc.Arbitrary<{ what: string; bytes: Buffer }> = fc.oneof(
  fc
    .integer({ min: 6, max: 10 })
    .map((levels) => ({ what: `alias bomb x${levels}`, bytes: Buffer.from(aliasBomb(levels)) })),
  fc.integer({ min: 2_000, max: 60_000 }).map((depth) => ({
    what: `nested ${depth} deep`,
    bytes: Buffer.from(`x: ${'['.repeat(depth)}${']'.repeat(depth)}\n`),
  })),
  fc
    .constantFrom(
      'max_rollouts',
      'repeats',
      'limit',
      'max_tokens',
      'concurrency',
      'max_usd',
      'timeout_seconds',
    )
    .chain((key) =>
      fc.constantFrom('1e12', '1e308', '-1', '.nan', '.inf', '0x7fffffffffffffff').map((value) => ({
        what: `${key}: ${value}`,
        bytes: Buffer.from(`${key}: ${value}\nprovider: openai\n`),
      })),
    ),
  fc
    .constantFrom(
      '!!js/function "function(){}"',
      '!!binary aGk=',
      '!secret sk-never-quoted',
      '!!python/object:os.system x',
    )
    .map((tag) => ({
      what: `tag ${tag}`,
      bytes: Buffer.from(`provider: ${tag}\nbase_url: ${tag}\nauth: ${tag}\n`),
    })),
  fc.constant({ what: 'a repeated key', bytes: Buffer.from('provider: openai\nprovider: anthropic\n') }),
  fc
    .integer({ min: 100_000, max: 2_000_000 })
    .map((size) => ({ what: `a ${size}-byte string`, bytes: Buffer.from(`name: ${'x'.repeat(size)}\n`) })),
  fc.constant({
    what: 'bytes that are not UTF-8',
    bytes: Buffer.from([0x6e, 0x3a, 0x20, 0xff, 0xfe, 0xc3, 0x28, 0x0a]),
  }),
  fc
    .constantFrom('42', '- a\n- b', '"just text"', 'true')
    .map((text) => ({ what: `only ${JSON.stringify(text)}`, bytes: Buffer.from(`${text}\n`) })),
);

let n = 0;
test('bombs and breakage in every config file a user names: refused naming the file, no warning, in budget', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message.split('\n')[0]}`);
  process.on('warning', onWarning);
  try {
    await hostile(
      fc.record({ loader: fc.constantFrom(...Object.keys(LOADERS)), file: bomb }),
      async ({ loader, file }) => {
        const path = join(scratch, `c${++n}.yaml`);
        writeFileSync(path, file.bytes);
        let refused: unknown = null;
        try {
          LOADERS[loader]!(path);
        } catch (error) {
          refused = error;
        }
        if (refused === null) throw new Error(`${loader} accepted ${file.what}`);
        const problem = refusalProblem(refused, path);
        if (problem !== null) throw new Error(`${loader}, ${file.what}: ${problem}`);
        expect((refused as Error).message).not.toContain('sk-never-quoted');
        // Warnings are emitted on the next tick.
        await new Promise((done) => setImmediate(done));
        if (warnings.length > 0) throw new Error(`${loader}, ${file.what}: printed ${warnings.join('; ')}`);
      },
      { runs: 120, budgetMs: 10_000 },
    );
  } finally {
    process.off('warning', onWarning);
  }
}, 120_000);
