import { expect, test } from 'vitest';
import { DEFAULT_ERROR_RULE, failsByRule } from '../../../src/trajectory/importers/error-rule.js';

test('the default rule: an error name meeting its colon, or a traceback, opens the result', () => {
  const errors = [
    'Error: flight HAT030 not available on date 2024-05-13',
    '  Error: leading white space',
    'ERROR: x',
    'Exception: x',
    'ValueError: invalid literal',
    'json.decoder.JSONDecodeError: Expecting value',
    'java.io.IOException: x',
    'Traceback (most recent call last):\n  File "a.py", line 1',
    'Error:',
  ];
  for (const text of errors) expect([text, DEFAULT_ERROR_RULE.test(text)]).toEqual([text, true]);
});

test('the default rule is not fooled by ordinary content', () => {
  const content = [
    'Error handling: retries three times',
    'Errors: 0',
    'error: lower case, as build tools print',
    '2024-05-01 ERROR: a log line',
    '{"error": "not found"}',
    '     1→Error: a numbered listing of a file',
    'Error:no space after the colon',
    'MyErrors: x',
    'See Error: in the middle',
    '[]',
  ];
  for (const text of content) expect([text, DEFAULT_ERROR_RULE.test(text)]).toEqual([text, false]);
});

test('failsByRule: the default for flagless formats only; a pattern everywhere; null never', () => {
  expect(failsByRule('Error: x', undefined, false)).toBe(true);
  expect(failsByRule('Error: x', undefined, true)).toBe(false);
  expect(failsByRule('{"error": 1}', /"error":/, true)).toBe(true);
  expect(failsByRule('Error: x', /^FAILED/, false)).toBe(false);
  expect(failsByRule('Error: x', null, false)).toBe(false);
  // A global pattern's position does not carry from one result to the next.
  const global = /x/g;
  expect([failsByRule('x', global, false), failsByRule('x', global, false)]).toEqual([true, true]);
});
