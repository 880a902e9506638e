import { expect, test } from 'vitest';
import { AgentTrackError, printable } from '../../src/core/index.js';

test('control characters in a message are written out, never echoed raw; line breaks and tabs stay', () => {
  expect(printable('bad \u0000\u0001 and \u001b[31mred\u001b[0m')).toBe(
    'bad \\x00\\x01 and \\x1b[31mred\\x1b[0m',
  );
  expect(printable('a\tb\nc')).toBe('a\tb\nc');
  expect(printable('\u009b2J \ufffd')).toBe('\\x9b2J \\ufffd');
  // Every refusal goes through it: a malformed binary line is named, not pasted into the terminal.
  const error = new AgentTrackError('TRANSCRIPT_MALFORMED', 'x.jsonl:1: not valid JSON: "\u0000\u0007"');
  expect(error.message).toBe('x.jsonl:1: not valid JSON: "\\x00\\x07"');
});
