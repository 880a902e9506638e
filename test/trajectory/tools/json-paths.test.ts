import { describe, expect, test } from 'vitest';
import { readResult } from '../../../src/trajectory/tools/result-paths.js';

// git-mcp-server's shapes (as its real `git_show` prints them): a blob named by its revision, and
// a commit whose `--stat` listing sits inside one string value of the JSON.
describe('a JSON result read by its structure', () => {
  test('a string value of several lines is read as text: a --stat listing names its files', () => {
    const text = JSON.stringify({
      success: true,
      object: 'HEAD~1',
      content:
        'commit 286f436\nDate:   Fri Dec 4 22:44:49 2026 +0000\n\n    one\n\n README.md              | 18 +++\n shop/payments/retry.py | 31 +++\n 2 files changed, 49 insertions(+)\n',
    });
    expect(readResult(text).paths).toEqual(['README.md', 'shop/payments/retry.py']);
  });

  test('a revision names its file after the colon; a timestamp or a URL beside it names none', () => {
    const text = JSON.stringify({
      object: 'HEAD:shop/payments/retry.py',
      modified: '2026-12-04T20:06:17.217Z',
      home: 'https://example.org/a.py',
      at: '12:30',
    });
    expect(readResult(text).paths).toEqual(['shop/payments/retry.py']);
  });

  test('a one-line value of a key that is not a path key is not scanned for paths', () => {
    expect(readResult(JSON.stringify({ summary: 'see lib/x.go' })).paths).toEqual([]);
  });
});
