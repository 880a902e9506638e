import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkCopiedTaskText } from '../../../src/optimize/optimizer/screen/free-checks/copied-text-check.js';
import {
  checkDescriptionLint,
  lintToolDoc,
} from '../../../src/optimize/optimizer/screen/free-checks/description-lint.js';
import { checkLength } from '../../../src/optimize/optimizer/screen/free-checks/length-check.js';
import { checkToolSchema } from '../../../src/optimize/optimizer/screen/free-checks/tool-schema-check.js';
import { runFreeChecks } from '../../../src/optimize/optimizer/screen/free-checks.js';

const incumbent = `search:
  description: Search the repository for code. Returns ranked files. Use a few distinctive words.
  parameters:
    query: Words to search for.
    limit: Optional number of results.
read:
  description: Read one file of the repository. Returns numbered lines; use it after a search.
  parameters:
    path: File path.
`;

describe('checkToolSchema', () => {
  test.each([
    ['prose changed only', incumbent.replace('ranked files', 'the best files first'), null],
    ['a tool dropped', incumbent.slice(0, incumbent.indexOf('read:')), 'tool `read` is missing'],
    ['a tool added', `${incumbent}grep:\n  description: x\n`, 'tool `grep` is new'],
    [
      'a parameter dropped',
      incumbent.replace('    limit: Optional number of results.\n', ''),
      'parameter `limit` of `search` is missing',
    ],
    ['a parameter renamed', incumbent.replace('query:', 'q:'), 'parameter `query` of `search` is missing'],
    [
      'a parameter added',
      incumbent.replace('    path: File path.\n', '    path: File path.\n    start: First line.\n'),
      'parameter `start` of `read` is new',
    ],
    ['another declared key changed', `${incumbent}  title: Read\n`, '`read.title` changed'],
    ['not YAML', 'search: [', /^the candidate tool docs cannot be read: not valid YAML/],
  ] as const)('%s', (_name, candidate, reason) => {
    const result = checkToolSchema(candidate, incumbent);
    expect(result.pass).toBe(reason === null);
    if (reason !== null) expect(result.reason).toMatch(reason);
  });
});

describe('checkLength', () => {
  test.each([
    // 100 / 100 = 1
    ['x'.repeat(100), true, null],
    // 49 / 100 = 0.49 < 0.5
    ['x'.repeat(49), false, "length 49 is 0.49x the incumbent's 100, below the bound 0.5x"],
    // 201 / 100 = 2.01 > 2
    ['x'.repeat(201), false, "length 201 is 2.01x the incumbent's 100, above the bound 2x"],
    ['   ', false, 'the candidate is empty'],
  ])('%#', (candidate, pass, reason) => {
    expect(checkLength(candidate, 'x'.repeat(100), { min_ratio: 0.5, max_ratio: 2 })).toEqual({
      check: 'length',
      pass,
      reason,
    });
  });
});

describe('checkCopiedTaskText', () => {
  const tasks = [
    {
      id: 'py-01',
      question:
        'How is a discount code applied to an order subtotal, and what happens when the code has expired?',
      gold: {},
    },
    {
      id: 'go-02',
      question: 'Where is compaction?',
      gold: { answer: 'The write ahead log is compacted by the background merger every ten minutes.' },
    },
  ];
  test.each([
    ['no shared run', 'Search for discount handling and expiry rules in the pricing module.', null],
    // 8 words of py-01 (case and punctuation ignored): "a discount code applied to an order subtotal"
    [
      'a question copied',
      'Tip: a Discount code, applied to an order subtotal!',
      "copies 8 words of task `py-01`'s question: `a discount code applied to an order subtotal`",
    ],
    [
      'a gold answer copied',
      'Note that the write ahead log is compacted by the background merger.',
      /task `go-02`'s gold answer/,
    ],
    // 7 shared words only
    ['one word short', 'a discount code applied to an order', null],
  ] as const)('%s', (_name, candidate, reason) => {
    const result = checkCopiedTaskText(candidate, 'incumbent text', tasks, 8);
    expect(result.pass).toBe(reason === null);
    if (reason !== null) expect(result.reason).toMatch(reason);
  });

  test('a run the incumbent already held is not charged to the candidate', () => {
    const text = 'a discount code applied to an order subtotal';
    expect(checkCopiedTaskText(`Docs: ${text}.`, `Old docs: ${text}.`, tasks, 8).pass).toBe(true);
  });

  test('n is configurable: 4 words catch a shorter copy', () => {
    expect(checkCopiedTaskText('the code has expired', '', tasks, 4).pass).toBe(false);
  });
});

describe('description lint', () => {
  test.each([
    [
      'complete',
      {
        description: 'Search the repository for code. Returns ranked files; use it first.',
        parameters: { q: 'Words.' },
      },
      [],
    ],
    ['short purpose', { description: 'Searches. Returns files; use it.', parameters: {} }, ['purpose']],
    [
      'an undocumented input',
      { description: 'Search the repository for code. Returns files; use it.', parameters: { q: ' ' } },
      ['inputs'],
    ],
    [
      'no outputs, no when',
      { description: 'Search the repository for code.', parameters: {} },
      ['outputs', 'when_to_use'],
    ],
  ] as const)('%s', (_name, doc, missing) => {
    expect(lintToolDoc({ ...doc, parameters: { ...doc.parameters }, rest: {} })).toEqual(missing);
  });

  test('no_regression charges only what the candidate lost; strict charges everything', () => {
    const lost = incumbent.replace('Use a few distinctive words.', 'Few distinctive words work best.');
    expect(checkDescriptionLint(lost, incumbent, 'no_regression')).toEqual({
      check: 'description_lint',
      pass: false,
      reason: '`search` lost: when_to_use',
    });
    const stillMissing = `${incumbent}grep:\n  description: Find lines matching a pattern.\n`;
    // grep lacked outputs and when_to_use before and after: no regression, but strict refuses
    expect(checkDescriptionLint(stillMissing, stillMissing, 'no_regression').pass).toBe(true);
    expect(checkDescriptionLint(stillMissing, stillMissing, 'strict').reason).toBe(
      '`grep` lacks: outputs, when_to_use',
    );
  });
});

describe('runFreeChecks', () => {
  const config = { length: { min_ratio: 0.5, max_ratio: 2 }, ngram: 8, lint: 'no_regression' as const };
  test('the shipped tool docs pass against themselves', () => {
    const docs = readFileSync(
      resolve(import.meta.dirname, '../../../configs/product/tool_docs.yaml'),
      'utf8',
    );
    const verdict = runFreeChecks('tool_docs', docs, docs, [], config);
    expect(verdict.pass).toBe(true);
    expect(verdict.checks.map((c) => c.check)).toEqual([
      'tool_schema',
      'length',
      'copied_task_text',
      'description_lint',
    ]);
  });

  test('a text axis skips the tool checks; failures are joined into one reason', () => {
    const verdict = runFreeChecks('usage_skill', 'x', 'x'.repeat(10), [], config);
    expect(verdict.checks.map((c) => c.check)).toEqual(['length', 'copied_task_text']);
    expect(verdict.reason).toBe("length: length 1 is 0.10x the incumbent's 10, below the bound 0.5x");
  });
});
