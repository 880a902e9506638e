// The bad-input fuzz (seeded): hostile values through every value-taking flag, mutated configs
// through the four config loaders, and broken transcripts through metrics' scorer. Each case must
// end in a refusal the CLI prints as one line with exit 2 (an AgentTrackError, or commander's own
// usage error), naming the file where there is one; never another exception (a stack trace).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { parseLlmBlock } from '../../src/agent/llm/load-block.js';
import { parseProductManifest } from '../../src/agent/manifest/load-manifest.js';
import { AgentTrackError } from '../../src/core/index.js';
import { parseCampaignConfig } from '../../src/optimize/optimizer/config/load-config.js';
import { parseServingConfig } from '../../src/product/serving/load-serving-config.js';
import { createRandom } from '../../src/stats/index.js';
import { scorePath } from '../../src/trajectory/score/score-path.js';
import { BAD_FLAG_VALUES, badLine, mutate } from './generators.js';
import { hostile, refusalProblem } from './hostile.js';
import { Accepted, inert, valueFlags } from './program.js';

const ROOT = join(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-fuzz-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const refusedCleanly = (error: unknown) =>
  error instanceof AgentTrackError || error instanceof CommanderError || error instanceof Accepted;

describe('the bad-input fuzz', () => {
  test('every value-taking flag, every bad value: a refusal or an accepted value, never a stack trace', async () => {
    const flags = valueFlags();
    expect(flags.length).toBeGreaterThan(60);
    const escaped: string[] = [];
    let cases = 0;
    let refusedByParser = 0;
    for (const { path, flag } of flags) {
      for (const value of BAD_FLAG_VALUES) {
        cases++;
        try {
          await inert().parseAsync(['node', 'agent-track', ...path, flag, value]);
        } catch (error) {
          if (error instanceof AgentTrackError) refusedByParser++;
          if (!refusedCleanly(error))
            escaped.push(`${[...path, flag].join(' ')} ${JSON.stringify(value)}: ${error}`);
        }
      }
    }
    expect(escaped).toEqual([]);
    expect(cases).toBe(flags.length * BAD_FLAG_VALUES.length);
    // Most bad values are refused by the flag's own parser (a name or a path may be any text).
    expect(refusedByParser / cases).toBeGreaterThan(0.3);
    console.log(
      `flag fuzz: ${flags.length} flags x ${BAD_FLAG_VALUES.length} values = ${cases} cases, ${refusedByParser} refused by the flag's parser`,
    );
  }, 60_000);

  const loaders: [string, string, unknown, (value: unknown, file: string) => unknown][] = [
    [
      'the serving config',
      join(ROOT, 'configs/serving/default.yaml'),
      parse(readFileSync(join(ROOT, 'configs/serving/default.yaml'), 'utf8')),
      (value, file) => parseServingConfig([{ file, data: value }]),
    ],
    [
      'an LLM block',
      join(scratch, 'block.yaml'),
      {
        provider: 'openai',
        base_url: 'http://127.0.0.1:1/v1',
        auth: { env: 'FUZZ_KEY' },
        params: { temperature: 0, max_tokens: 100, seed: 1 },
        max_retries: 2,
        timeout_seconds: 60,
      },
      (value, file) => parseLlmBlock(value, file),
    ],
    [
      'an optimize campaign',
      join(ROOT, 'configs/optimize/tool_docs.yaml'),
      parse(readFileSync(join(ROOT, 'configs/optimize/tool_docs.yaml'), 'utf8')),
      (value, file) => parseCampaignConfig(value, file),
    ],
    [
      'a product manifest',
      join(ROOT, 'agent-track.product.yaml'),
      parse(readFileSync(join(ROOT, 'agent-track.product.yaml'), 'utf8')),
      (value, file) => parseProductManifest(value, ROOT, file),
    ],
  ];

  test.each(loaders)(
    '%s, mutated 300 ways: loaded, or refused naming its file',
    (_name, file, base, load) => {
      const random = createRandom(`fuzz-${file}`);
      const escaped: string[] = [];
      let refused = 0;
      for (let i = 0; i < 300; i++) {
        const { value, change } = mutate(base, random);
        try {
          load(value, file);
        } catch (error) {
          if (error instanceof AgentTrackError && error.message.includes(file)) refused++;
          else
            escaped.push(`${change}: ${error instanceof Error ? `${error.name}: ${error.message}` : error}`);
        }
      }
      expect(escaped).toEqual([]);
      expect(refused).toBeGreaterThan(50);
      console.log(`config fuzz (${_name}): 300 mutations, ${refused} refused naming the file`);
    },
  );

  test('200 broken transcripts through metrics: each refused naming its file, never a stack trace', async () => {
    let refused = 0;
    let n = 0;
    await hostile(
      // A case is a seed for `badLine`'s draws, so the failing file prints as its seed.
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      async (seed) => {
        const random = createRandom(`transcript-${seed}`);
        const file = join(scratch, `t${++n}.jsonl`);
        const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, () => badLine(random));
        writeFileSync(file, `${lines.join('\n')}\n`);
        const problems: string[] = [];
        try {
          for await (const item of scorePath(file)) {
            if (item.error === undefined) continue;
            const problem = refusalProblem(item.error, file);
            if (problem === null) refused++;
            else problems.push(problem);
          }
        } catch (error) {
          const problem = refusalProblem(error, file);
          if (problem === null) refused++;
          else problems.push(problem);
        }
        if (problems.length > 0) throw new Error(`transcript seed ${seed}: ${problems.join('; ')}`);
      },
      { runs: 200, budgetMs: 10_000 },
    );
    expect(refused).toBeGreaterThan(100);
    console.log(`transcript fuzz: 200 files, ${refused} refusals naming the file`);
  }, 60_000);
});
