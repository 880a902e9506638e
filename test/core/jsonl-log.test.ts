import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { jsonRecords, openJsonlLog, readJsonlLog } from '../../src/core/index.js';

const schema = z.object({ n: z.number() }).strict();
let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jsonl-log-'));
  file = join(dir, 'log.jsonl');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the one torn-line rule', () => {
  test('a complete last record without its newline is kept, and gets its newline on open', () => {
    writeFileSync(file, '{"n":1}\n{"n":2}');
    expect(readJsonlLog(file, schema, 'log')).toEqual({ records: [{ n: 1 }, { n: 2 }], tornLine: null });
    const log = openJsonlLog(file, schema, 'log');
    expect(log.records).toEqual([{ n: 1 }, { n: 2 }]);
    expect(log.tornLine).toBeNull();
    log.append({ n: 3 });
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
  });

  test('a partial last line is cut on open and its line reported; the next append starts clean', () => {
    writeFileSync(file, '{"n":1}\n{"n":2}\n{"n"');
    expect(readJsonlLog(file, schema, 'log').tornLine).toBe(3);
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n"'); // reading changes nothing
    const log = openJsonlLog(file, schema, 'log');
    expect(log).toMatchObject({ records: [{ n: 1 }, { n: 2 }], tornLine: 3 });
    log.append({ n: 3 });
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
  });

  test('a last line without newline that parses but fails the schema is torn too', () => {
    writeFileSync(file, '{"n":1}\n{"n":"two"}');
    expect(openJsonlLog(file, schema, 'log')).toMatchObject({ records: [{ n: 1 }], tornLine: 2 });
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n');
  });

  test.each([
    ['not JSON', '{"n":1}\n{"n":\n{"n":3}\n', /^Line 2 of the log `.*log\.jsonl` is not JSON$/],
    [
      'refused by the schema',
      '{"n":1}\n{"n":2,"m":2}\n{"n":3}\n',
      /^Line 2 of the log `.*log\.jsonl` fails the log schema at `m`: /,
    ],
    ['a bad last line that has its newline', '{"n":1}\n{"n"\n', /^Line 2 of the log .* is not JSON$/],
  ])('a bad line anywhere else is corruption, refused naming file and line: %s', (_name, text, message) => {
    writeFileSync(file, text);
    expect(() => openJsonlLog(file, schema, 'log')).toThrow(
      expect.objectContaining({ code: 'LOG_MALFORMED', message: expect.stringMatching(message) }),
    );
    expect(readFileSync(file, 'utf8')).toBe(text); // refused, never repaired
  });

  test('a missing log has no records and is created, folder and all, on first append', () => {
    const nested = join(dir, 'a', 'b', 'log.jsonl');
    const log = openJsonlLog(nested, schema, 'log');
    expect(log).toMatchObject({ records: [], tornLine: null });
    log.append({ n: 1 });
    expect(readFileSync(nested, 'utf8')).toBe('{"n":1}\n');
  });

  test('append validates: a record the reader would refuse is never written', () => {
    const log = openJsonlLog(file, schema, 'log');
    expect(() => log.append({ n: 'x' } as never)).toThrow();
    expect(readJsonlLog(file, schema, 'log').records).toEqual([]);
  });
});

describe('jsonRecords: one JSON document or JSONL', () => {
  const fail = () => {
    throw new Error('unexpected problem');
  };
  test.each([
    ['an array is its items', '[{"a":1},{"a":2}]', ['f[0]', 'f[1]']],
    ['one pretty-printed object is one record', '{\n  "a": 1\n}\n', ['f[0]']],
    ['JSONL lines', '{"a":1}\n\n{"a":2}\n', ['f:1', 'f:3']],
  ])('%s', (_name, text, where) => {
    expect(jsonRecords(text, 'f', fail).map((r) => r.where)).toEqual(where);
  });

  test('a torn last JSONL line reaches onProblem as torn; skipping it keeps the rest', () => {
    const seen: unknown[] = [];
    const records = jsonRecords('{"a":1}\n{"a"', 'f', (problem) => {
      seen.push({ line: problem.line, torn: problem.torn });
      return 'skip';
    });
    expect(records.map((r) => r.value)).toEqual([{ a: 1 }]);
    expect(seen).toEqual([{ line: 2, torn: true }]);
  });
});
