import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { parse } from 'yaml';
import { loadEvalConfig } from '../../src/cli/commands/eval-config.js';
import { commands } from '../../src/cli/commands.js';
import { createProgram } from '../../src/cli/program.js';
import { parseCampaignConfig } from '../../src/optimize/optimizer/config/load-config.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-eval-config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const config = (name: string, text: string) => {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
};

test('the shipped example reads as written', () => {
  expect(loadEvalConfig('configs/eval/needle-first.yaml')).toEqual({
    split: 'fixture-code/small_test',
    model: 'offline',
    limit: 12,
    repeats: 1,
    primary: 'needle_reached',
    guards: ['turns'],
    margins: { turns: 1 },
    max_usd: 5,
  });
});

test.each([
  ['unknown.yaml', 'split: x/y\nceiling: 5\n', 'unknown key `ceiling`'],
  ['repeats.yaml', 'repeats: 1e9\n', '`repeats`'],
  [
    'primary.yaml',
    'primary: speed\n',
    'Expected the `primary` option to be a report row with a better direction',
  ],
  ['margin.yaml', 'margins: { turns: -1 }\n', 'VALUE a number above 0'],
])('%s is refused naming the file and the key', (name, text, said) => {
  const file = config(name, text);
  expect(() => loadEvalConfig(file)).toThrow(`The evaluation config \`${file}\` is refused: `);
  expect(() => loadEvalConfig(file)).toThrow(said);
});

// One rule for every config refusal (issueMessage): a key pasted where a value goes is never shown.
test('a value shaped like a credential is refused without being shown, as in any config', () => {
  const message = (load: () => unknown) => {
    try {
      load();
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };
  const file = config('pasted.yaml', 'limit: sk-proj-abcdef1234567890\n');
  expect(message(() => loadEvalConfig(file))).toContain('`limit`');
  expect(message(() => loadEvalConfig(file))).not.toContain('sk-proj');
  // The optimizer's config quotes a refused value; a credential-shaped one it masks.
  const campaign = parse(readFileSync('configs/optimize/tool_docs.yaml', 'utf8')) as Record<string, unknown>;
  const masked = message(() =>
    parseCampaignConfig({ ...campaign, axis: 'sk-proj-abcdef1234567890' }, 'configs/optimize/x.yaml'),
  );
  expect(masked).toContain('`axis`');
  expect(masked).toContain('got a string (value not shown)');
  expect(masked).not.toContain('sk-proj');
  expect(message(() => parseCampaignConfig({ ...campaign, axis: 'tool_doc' }, 'x.yaml'))).toContain(
    'got `tool_doc`',
  );
});

test('a flag on the command line wins over the file, key by key; the rest comes from the file', async () => {
  const file = config(
    'team.yaml',
    'split: fixture-code/small_test\nlimit: 12\nprimary: needle_reached\nguards: [turns]\nmargins: { turns: 1 }\n',
  );
  const out = join(scratch, 'plan');
  const printed: string[] = [];
  const program = createProgram({
    version: '0',
    commands,
    io: { out: (text) => printed.push(text), err: () => {} },
  });
  await program.parseAsync([
    'node',
    'agent-track',
    'before-after',
    ...['--eval-config', file, '--baseline', 'HEAD~1', '--candidate', 'HEAD'],
    ...['--limit', '4', '--guard', 'tool_calls_total', '--out', out],
  ]);
  const plan = JSON.parse(readFileSync(join(out, 'plan.json'), 'utf8')) as {
    tasks: { count: number; split: string };
    margins: Record<string, number>;
    decision_rule: { primary: { key: string }; guards: { key: string }[] };
  };
  expect(plan.tasks).toMatchObject({ count: 4, split: 'fixture-code/small_test' });
  expect(plan.decision_rule.primary.key).toBe('needle_reached');
  expect(plan.decision_rule.guards.map((g) => g.key)).toEqual(['tool_calls_total']);
  expect(plan.margins).toEqual({ turns: 1 });
  expect(printed.join('')).toContain('turns within ±1 of the baseline (equivalence');
  expect(existsSync(join(out, 'ledger.jsonl'))).toBe(false);
}, 60_000);
