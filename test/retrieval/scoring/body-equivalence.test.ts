// biome-ignore-all lint/suspicious/noTemplateCurlyInString: this file holds JS/TS source text under test, `${...}` included
import { describe, expect, test } from 'vitest';
import type { AgentTrackError } from '../../../src/core/errors.js';
import { bodyTokens } from '../../../src/retrieval/scoring/body/body-tokens.js';
import { DEDENT, INDENT, NEWLINE } from '../../../src/retrieval/scoring/body/lexemes.js';
import { isRelevant } from '../../../src/retrieval/scoring/relevance.js';

const relevant = (gold: string, text: string, path: string) =>
  isRelevant({ path, text }, { id: 't', gold: { body: gold } });

const PY_GOLD = `def total(items, tax=0.2):
    """Sum the prices, with tax."""
    subtotal = sum(item.price for item in items)  # before tax
    return subtotal * (1 + tax)
`;

describe('Python body equivalence', () => {
  test.each([
    ['itself', PY_GOLD],
    [
      'without its docstring, with comments and blank lines',
      `def total(items, tax=0.2):
    # no docstring here

    subtotal = sum(item.price for item in items)
    return subtotal * (1 + tax)  # with tax
`,
    ],
    [
      'with another docstring in single quotes over two lines',
      `def total(items, tax=0.2):
    '''Totals.

    Different words.'''
    subtotal = sum(item.price for item in items)
    return subtotal * (1 + tax)`,
    ],
    [
      're-indented with 2 spaces inside a class, a call split over lines',
      `class Cart:
  """A cart."""
  # the total
  def total(items, tax=0.2):
    subtotal = sum(item.price
                   for item in items)

    return subtotal * (1 +
                       tax)
`,
    ],
    [
      'with a backslash continuation and tabs',
      'def total(items, tax=0.2):\n\tsubtotal = sum(item.price for item in items)\n\treturn subtotal * \\\n\t\t(1 + tax)\n',
    ],
    [
      'inside a larger module, followed by more code',
      `"""Module doc."""
import math

def other():
    pass

${PY_GOLD}
def after():
    return 1
`,
    ],
  ])('matches %s', (_name, text) => {
    expect(relevant(PY_GOLD, text, 'shop/cart.py')).toBe(true);
  });

  test.each([
    ['one identifier renamed', PY_GOLD.replace('(1 + tax)', '(1 + rate)')],
    ['an operator changed', PY_GOLD.replace('subtotal *', 'subtotal /')],
    ['a literal changed', PY_GOLD.replace('0.2', '0.25')],
    ['only its first half', PY_GOLD.split('\n').slice(0, 3).join('\n')],
    [
      'a statement moved out of its block',
      'def total(items, tax=0.2):\n    subtotal = sum(item.price for item in items)\nreturn subtotal * (1 + tax)\n',
    ],
  ])('does not match %s', (_name, text) => {
    expect(relevant(PY_GOLD, text, 'shop/cart.py')).toBe(false);
  });

  test('block structure is compared: a dedented call is a different function', () => {
    const gold = 'def f(x):\n    if x:\n        a()\n    b()\n';
    expect(relevant(gold, 'def f(x):\n  if x:\n    a()\n  b()\n', 'm.py')).toBe(true);
    expect(relevant(gold, 'def f(x):\n    if x:\n        a()\n        b()\n', 'm.py')).toBe(false);
  });

  test('string literals are kept intact, whitespace inside them counts', () => {
    const gold = 'def g():\n    return "a  b"  # two spaces\n';
    expect(relevant(gold, "def g():\n    return 'a  b'\n", 'm.py')).toBe(false);
    expect(relevant(gold, 'def g():\n    return "a b"\n', 'm.py')).toBe(false);
    expect(relevant(gold, 'def g():  \n        return "a  b"\n', 'm.py')).toBe(true);
  });

  test('a # inside a string is not a comment', () => {
    expect(bodyTokens('x = "# not a comment"  # a comment\n', 'python')).toEqual([
      'x',
      '=',
      '"# not a comment"',
      NEWLINE,
    ]);
  });

  test('the token stream has relative INDENT/DEDENT markers and drops docstrings', () => {
    expect(bodyTokens('    def f(x):\n        """Doc."""\n        return x\n', 'python')).toEqual([
      'def',
      'f',
      '(',
      'x',
      ')',
      ':',
      NEWLINE,
      INDENT,
      'return',
      'x',
      NEWLINE,
      DEDENT,
    ]);
  });
});

const TS_GOLD = `export function add(a: number, b: number): number {
  // add two numbers
  return a + b;
}`;

describe('TypeScript/JavaScript body equivalence', () => {
  test.each([
    [
      'without semicolons or line breaks',
      'export function add(a: number, b: number): number { return a + b }',
    ],
    [
      'with block and JSDoc comments',
      '/** Adds. */\nexport function add(/* left */ a: number, b: number): number {\n  return a /* plus */ + b; // sum\n}',
    ],
    [
      'inside a module with a trailing-comma call after it',
      `import { x } from './x.js';\n\n${TS_GOLD}\n\nexport const three = add(\n  1,\n  2,\n);\n`,
    ],
  ])('matches %s', (_name, text) => {
    expect(relevant(TS_GOLD, text, 'src/math.ts')).toBe(true);
  });

  test.each([
    ['one identifier renamed', TS_GOLD.replace('a + b', 'a + c')],
    ['an operator changed', TS_GOLD.replace('a + b', 'a - b')],
    ['a type changed', TS_GOLD.replace('b: number', 'b: bigint')],
  ])('does not match %s', (_name, text) => {
    expect(relevant(TS_GOLD, text, 'src/math.ts')).toBe(false);
  });

  test('a comment marker inside a string, template or regex is not a comment', () => {
    expect(
      bodyTokens('const u = "http://a"; const t = `//${x /* y */}`; const r = /\\/*/g; f()', 'javascript'),
    ).toEqual([
      'const',
      'u',
      '=',
      '"http://a"',
      'const',
      't',
      '=',
      '`//${',
      'x',
      '}`',
      'const',
      'r',
      '=',
      '/\\/*/g',
      'f',
      '(',
      ')',
    ]);
    expect(relevant('const u = "http://a"', 'const u = "http://b"', 'a.js')).toBe(false);
  });

  test('a template literal keeps its text but tolerates whitespace inside ${...}', () => {
    const gold = 'const s = `a ${x + f({ k: 1 })} b ${y}`;';
    expect(relevant(gold, 'const s = `a ${ x+f({k: 1}) } b ${ y }`', 'a.ts')).toBe(true);
    expect(relevant(gold, 'const s = `a  ${x + f({ k: 1 })} b ${y}`', 'a.ts')).toBe(false);
    expect(relevant(gold, 'const s = `a ${x + f({ k: 2 })} b ${y}`', 'a.ts')).toBe(false);
    expect(bodyTokens('`a${`b${c}`}d`', 'javascript')).toEqual(['`a${', '`b${', 'c', '}`', '}d`']);
  });

  test('division is not read as a regex', () => {
    expect(bodyTokens('x = (a) / b / c', 'javascript')).toEqual([
      'x',
      '=',
      '(',
      'a',
      ')',
      '/',
      'b',
      '/',
      'c',
    ]);
  });

  test('a trailing comma before a closing bracket is dropped, a comma elsewhere kept', () => {
    expect(bodyTokens('f(a, b,)', 'javascript')).toEqual(['f', '(', 'a', ',', 'b', ')']);
  });
});

const GO_GOLD = `// Add returns the sum.
func Add(a, b int) int {
	return a + b
}`;

describe('Go body equivalence', () => {
  test.each([
    ['on one line with a semicolon', 'func Add(a, b int) int { return a + b; }'],
    ['with a block comment', 'func Add(a, b int) int {\n    /* sum */ return a +\n        b\n}'],
    [
      'inside a file',
      `package calc\n\nimport "fmt"\n\nvar s = \`raw // not a comment\`\n\n${GO_GOLD}\n\nfunc Sub(a, b int) int { return a - b }\n`,
    ],
  ])('matches %s', (_name, text) => {
    expect(relevant(GO_GOLD, text, 'calc/add.go')).toBe(true);
  });

  test.each([
    ['one parameter renamed', GO_GOLD.replace('a, b int', 'a, c int')],
    ['another function', 'func Sub(a, b int) int { return a - b }'],
  ])('does not match %s', (_name, text) => {
    expect(relevant(GO_GOLD, text, 'calc/add.go')).toBe(false);
  });

  test('a raw string keeps its text, comment markers included', () => {
    expect(bodyTokens('s := `a // b`', 'go')).toEqual(['s', ':=', '`a // b`']);
  });
});

describe('language of a body comparison', () => {
  test('from task.meta.language when the item has no path', () => {
    const task = { id: 't', gold: { body: 'def f():\n    return 1\n' }, meta: { language: 'Python' } };
    expect(isRelevant({ text: 'def f():\n  """d"""\n  return 1' }, task)).toBe(true);
  });

  test('guessed from the gold body when nothing names it', () => {
    const task = { id: 't', gold: { body: 'def f():\n    return 1\n' } };
    expect(isRelevant({ text: 'def f():\n  # c\n  return 1' }, task)).toBe(true);
  });

  test('an unknown language option is refused by name', () => {
    const task = { id: 't', gold: { body: 'x' } };
    expect(() => isRelevant({ text: 'x' }, task, { language: 'cobol' as never })).toThrow(
      /Expected the `language` option to be one of 'python', .*got `cobol` \(string\)/,
    );
  });

  test('a gold body with no code tokens is refused, naming the task', () => {
    const task = { id: 'needle-7', gold: { body: '# only a comment\n' } };
    const error = (() => {
      try {
        return isRelevant({ path: 'a.py', text: 'x = 1' }, task);
      } catch (e) {
        return e;
      }
    })() as AgentTrackError;
    expect(error.code).toBe('EMPTY_GOLD_BODY');
    expect(error.message).toBe('Task `needle-7`: the gold body has no code tokens when read as `python`');
  });
});
