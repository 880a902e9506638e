import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildIndex } from '../../../src/product/index-build/build-index.js';
import { safeRegex } from '../../../src/product/server/safe-regex.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';
import { connectServer } from '../helpers/mcp-client.js';

// A backtracking engine takes ~2^40 steps on each of these against the line below; here each
// answers at once (a regression hangs the test until its timeout).
const LINE = `${'='.repeat(40)}${'a'.repeat(40)}!`;

describe('no grep pattern can freeze the server', () => {
  test('exponential shapes run on the linear-time engine', () => {
    for (const pattern of ['(=|=)*x', '(a+)+$', '(\\w*)*\\?$', '(x{2,})+y', '(.*=)*x', '(a|aa)*b']) {
      const regex = safeRegex(pattern);
      expect(regex.flags).toContain('l');
      expect(regex.test(LINE)).toBe(false);
    }
  });

  test('a large counted repetition the linear engine refuses runs when no repeated group holds more', () => {
    expect(safeRegex('\\w{1,20}\\(').test('total(')).toBe(true);
    expect(safeRegex('x{100}').test('x'.repeat(100))).toBe(true);
    // Exponential in a backtracking engine and too large for the linear one: refused.
    expect(() => safeRegex('(a|b{1,40})*c')).toThrow(expect.objectContaining({ code: 'UNSAFE_PATTERN' }));
    expect(() => safeRegex('(\\w{1,20})+!x')).toThrow(expect.objectContaining({ code: 'UNSAFE_PATTERN' }));
  });

  test('ordinary patterns match as JavaScript regexes do', () => {
    expect(safeRegex('def \\w+\\(').test('def main(')).toBe(true);
    expect(safeRegex('^class [A-Z]').test('class Cart:')).toBe(true);
    expect(safeRegex('[ab]+c').test('xxc')).toBe(false);
  });

  test('backreferences and lookaround are refused by name; a bad pattern is named as such', () => {
    expect(() => safeRegex('(x)\\1')).toThrow(expect.objectContaining({ code: 'UNSAFE_PATTERN' }));
    expect(() => safeRegex('a(?=b)')).toThrow(expect.objectContaining({ code: 'UNSAFE_PATTERN' }));
    expect(() => safeRegex('([')).toThrow(expect.objectContaining({ code: 'INVALID_PATTERN' }));
  });
});

test('on a real server process: the pattern that froze it answers, and the next call is served', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-track-redos-'));
  try {
    mkdirSync(join(dir, 'corpus'));
    writeFileSync(join(dir, 'corpus', 'rule.md'), `# Rules\n\n${'='.repeat(40)}\nsee rules\n`);
    buildIndex({ corpus: join(dir, 'corpus'), out: join(dir, 'ws'), config: parseServingConfig([]) });
    const server = await connectServer(['--workspace', join(dir, 'ws')]);
    try {
      const grep = await server.call('grep', { pattern: '(=|=)*x' });
      expect(grep.text).toContain('No line matches /(=|=)*x/');
      const read = await server.call('read_file', { path: 'rule.md', start: 1, end: 2 });
      expect(read.isError).toBeFalsy();
      expect(read.text).toContain('# Rules');
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
