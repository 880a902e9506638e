import { describe, expect, test } from 'vitest';
import { completionTokens, countTokens, promptTokens } from '../../../src/agent/endpoint/count-tokens.js';
import { pathsIn, resultLines } from '../../../src/trajectory/tools/result-paths.js';

describe('reading tool results', () => {
  test('JSON: path keys in document order, deduplicated; string values split into lines', () => {
    const text = JSON.stringify({
      structuredContent: { rows: [{ path: 'src/a.py' }, { file: 'src/b.ts' }, { path: 'src/a.py' }] },
      note: 'one\n→ get_symbol(target="a")',
    });
    expect(pathsIn(text)).toEqual(['src/a.py', 'src/b.ts']);
    expect(resultLines(text)).toContain('→ get_symbol(target="a")');
  });

  test('text: path-looking tokens, pointer lines excluded', () => {
    const text =
      '1. src/pkg/mod.py:12 fn\n2. README.md\n3. pkg.mod.fn is a symbol\n→ read_file(path="other/c.py")';
    expect(pathsIn(text)).toEqual(['src/pkg/mod.py', 'README.md']);
  });

  test('JSON is read by its structure, never as text: prose and timestamps name no file', () => {
    expect(pathsIn('{"summary": "see lib/x.go"}')).toEqual([]);
    expect(pathsIn('{"modified": "2026-12-04T20:06:17.217Z", "results": []}')).toEqual([]);
  });
});

describe('token counts (o200k_base)', () => {
  test.each([
    ['', 0],
    ['hello world', 2],
    ['Hello, world!', 4],
  ])('countTokens(%j) = %i', (text, expected) => {
    expect(countTokens(text)).toBe(expected);
  });

  test('prompt: message contents, tool-call names and raw arguments, tool definitions', () => {
    expect(
      promptTokens(
        [
          { role: 'user', content: 'hello world' },
          {
            role: 'assistant',
            content: 'Hello, world!',
            tool_calls: [{ id: 'c', name: 'search_codebase', arguments: {}, arguments_raw: '{}' }],
          },
          { role: 'tool', tool_call_id: 'c', content: 'hello world' },
        ],
        [{ name: 'search_codebase', description: '', input_schema: {} }],
      ),
    ).toBe(2 + 4 + 3 + 1 + 2 + 3 + 0 + 1);
  });

  test('completion: text plus call names and compact JSON arguments', () => {
    expect(
      completionTokens('hello world', [{ name: 'search_codebase', arguments: { query: 'hello world' } }]),
    ).toBe(2 + 3 + 6);
  });
});
