import { Buffer } from 'node:buffer';
import { describe, expect, test } from 'vitest';
import { eachJsonlLine, type JsonlProblem } from '../../src/core/jsonl-log.js';

// What the walk reports, in order: each record and each problem with its line and tornness.
function walk(text: string | Uint8Array): unknown[] {
  const seen: unknown[] = [];
  eachJsonlLine(
    text,
    (line, value, torn, lineText) => seen.push({ line, value, torn, lineText }),
    (problem: JsonlProblem) => {
      seen.push({ problem: problem.reason, line: problem.line, torn: problem.torn, text: problem.text });
      return 'skip';
    },
  );
  return seen;
}

const TEXTS = [
  '',
  '\n',
  '{"a":1}\n',
  '{"a":1}',
  '{"a":1}\n{"b":',
  '{"a":1}\n\n  \n{"b":2}\n',
  '{"p":"→ get_symbol(target=\\"x\\")"}\n{"q":"ascii"}\n{"r":"naïve café Größe 日本"}\n',
  '{"a":"x"}\r\n{"b":"y"}\r\n',
  'not json\n{"a":1}\n',
  '{"emoji":"🙂"}\n{"torn":"→',
];

describe('eachJsonlLine on UTF-8 bytes', () => {
  test.each(TEXTS.map((text) => [JSON.stringify(text), text]))(
    '%s: the same records, problems, line numbers and tornness as the decoded text',
    (_, text) => {
      expect(walk(Buffer.from(text, 'utf8'))).toEqual(walk(text));
    },
  );

  test('a subarray of a larger buffer is read within its bounds', () => {
    const whole = Buffer.from('xx{"a":"→"}\n{"b":2}\nyy', 'utf8');
    const part = whole.subarray(2, whole.length - 2);
    expect(walk(part)).toEqual([
      { line: 1, value: { a: '→' }, torn: false, lineText: '{"a":"→"}' },
      { line: 2, value: { b: 2 }, torn: false, lineText: '{"b":2}' },
    ]);
  });
});
