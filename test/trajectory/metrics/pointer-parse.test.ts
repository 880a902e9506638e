import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type Pointer, parsePointers } from '../../../src/trajectory/metrics/pointer-parse.js';

describe('parsePointers', () => {
  test.each<{ name: string; text: string; pointers: Pointer[] }>([
    { name: 'no arrow', text: 'get_symbol(target="a")', pointers: [] },
    {
      name: 'text before the arrow is ignored',
      text: 'together: → get_symbol(target="pkg.mod.Cls")',
      pointers: [{ tool: 'get_symbol', args: { target: 'pkg.mod.Cls' } }],
    },
    {
      name: 'several arguments',
      text: 'then: → get_symbol(target="pkg.mod.Cls", depth="source")',
      pointers: [{ tool: 'get_symbol', args: { target: 'pkg.mod.Cls', depth: 'source' } }],
    },
    {
      name: 'several pointers on one line',
      text: 'next: → read_file(path="a.py") or → get_symbol(target="a.f")',
      pointers: [
        { tool: 'read_file', args: { path: 'a.py' } },
        { tool: 'get_symbol', args: { target: 'a.f' } },
      ],
    },
    {
      name: 'an undecodable line is skipped, the others kept',
      text: [
        '→ get_symbol(target="a")',
        '→ this is prose, not a call',
        '→ get_symbol(target="unterminated)',
        '→ get_symbol(target=)',
        '→ read_file("positional.py")',
        '→ read_file(path="b.py")',
      ].join('\n'),
      pointers: [
        { tool: 'get_symbol', args: { target: 'a' } },
        { tool: 'read_file', args: { path: 'b.py' } },
      ],
    },
    {
      name: 'value kinds: number, boolean, null, single quotes, bare word, JSON array, escapes',
      text: `→ t(n=5, f=-1.5e2, yes=true, no=False, none=None, s='it\\'s', bare=pkg.mod, list=["a", "b,c"], e="q\\"x")`,
      pointers: [
        {
          tool: 't',
          args: {
            n: 5,
            f: -150,
            yes: true,
            no: false,
            none: null,
            s: "it's",
            bare: 'pkg.mod',
            list: ['a', 'b,c'],
            e: 'q"x',
          },
        },
      ],
    },
    {
      name: 'no arguments, spaces everywhere, `:` for `=`',
      text: '  →list_tools( )   → get_symbol ( target : "a" , depth = 2 )',
      pointers: [
        { tool: 'list_tools', args: {} },
        { tool: 'get_symbol', args: { target: 'a', depth: 2 } },
      ],
    },
    {
      name: 'a regex escape that is not JSON is kept as written',
      text: String.raw`→ search_codebase(query="foo\d+")`,
      pointers: [{ tool: 'search_codebase', args: { query: String.raw`foo\d+` } }],
    },
    {
      name: 'CRLF line ends and a trailing comma are tolerated',
      text: '→ get_symbol(target="a")\r\n→ get_symbol(target="b",)',
      pointers: [
        { tool: 'get_symbol', args: { target: 'a' } },
        { tool: 'get_symbol', args: { target: 'b' } },
      ],
    },
    {
      name: 'the ASCII arrow counts like → where a pointer stands',
      text: 'then: -> read_file(path="a.py")\n-> get_symbol(target="a.f")',
      pointers: [
        { tool: 'read_file', args: { path: 'a.py' } },
        { tool: 'get_symbol', args: { target: 'a.f' } },
      ],
    },
    {
      name: 'an ASCII arrow inside code is not one',
      text: 'node = p->next();\nq->reset()\ndef f() -> None: pass\nx ->done()',
      pointers: [],
    },
    {
      name: "a line-numbered listing's arrows are code (Claude Code's Read, cat -n)",
      text: '     1→import os\n    12→print(x)\n    13→reset()\n  7->start()',
      pointers: [],
    },
    {
      name: 'a numbered listing still carries a pointer after a label',
      text: '    12→x = 1\nthen: → read_file(path="a.py", start=13)',
      pointers: [{ tool: 'read_file', args: { path: 'a.py', start: 13 } }],
    },
  ])('$name', ({ text, pointers }) => {
    expect(parsePointers(text)).toEqual(pointers);
  });

  test('a pointer never runs past its line: the whole text reads as its lines one by one', () => {
    // Pointers and prose, then line breaks cut in at random places (inside a pointer too).
    const part = fc.constantFrom(
      '→ get_symbol(target="a")',
      '→ get_symbol( target = "a b" , depth=2 )',
      "→ read_file(path='x.py')",
      '→ t(list=["a", "b"], o={"k": 1})',
      '→ list_tools()',
      'prose',
      '→',
    );
    const text = fc
      .tuple(
        fc.array(part, { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.constantFrom(' ', '\n'),
      )
      .map(([parts, cuts, glue]) => {
        let joined = parts.join(glue);
        for (const cut of cuts) {
          const at = cut % (joined.length + 1);
          joined = `${joined.slice(0, at)}${cut % 2 === 0 ? '\n' : '\r\n'}${joined.slice(at)}`;
        }
        return joined;
      });
    fc.assert(
      fc.property(text, (text) => {
        expect(parsePointers(text)).toEqual(text.split('\n').flatMap((line) => parsePointers(line)));
      }),
      { numRuns: 3000 },
    );
  });
});
