import { expect, it } from 'vitest';
import { causeLine } from '../../../src/agent/external/agent-process.js';

it("an agent's failure is named by its error line, not by the runtime banner or a stack frame after it", () => {
  // What Node prints for an uncaught error: the source line, the error, its stack, its fields, the banner.
  const node = [
    'node:internal/fs/utils:356',
    '    throw err;',
    '    ^',
    '',
    "Error: ENOENT: no such file or directory, open 'runs/guide/track3/mcp/t1.json'",
    '    at Object.openSync (node:fs:573:18)',
    '    at file:///fake-claude.mjs:12:3 {',
    '  errno: -2,',
    "  code: 'ENOENT'",
    '}',
    '',
    'Node.js v20.20.2',
    '',
  ].join('\n');
  expect(causeLine(node)).toBe(
    "Error: ENOENT: no such file or directory, open 'runs/guide/track3/mcp/t1.json'",
  );
  expect(
    causeLine('Traceback (most recent call last):\n  File "a.py", line 1\nValueError: bad input\n'),
  ).toBe('ValueError: bad input');
  expect(causeLine('warming up\nno model configured\n')).toBe('no model configured');
  expect(causeLine('\n\n')).toBeUndefined();
});
