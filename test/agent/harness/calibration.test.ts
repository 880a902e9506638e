import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'vitest';
import type { TrajectoryMetrics } from '../../../src/trajectory/index.js';
import { tempDir } from '../../product/helpers/workspace.js';
import { type CalibratedRun, CORPORA, gitCorpus, runCalibration } from './calibration-helpers.js';

// The calibration table of docs/guide/own-server.md: four real npm MCP servers of four shapes, each
// pinned in package.json and served from fixtures/products/<name>, run offline on the fixture
// corpora, once by the offline stand-in and once by a script of calls that makes a failed call, a
// repeated call and a search whose rows span several files. Every expected row is counted by hand
// from the servers' real output (quoted beside it), by the definitions in DEFINITIONS.md.

/** The row of the table a run gives. */
function row(metrics: TrajectoryMetrics) {
  const m = metrics as TrajectoryMetrics & { failed_count?: number; repeated_count?: number };
  return {
    calls: m.tool_calls_total,
    failed: m.failed_count,
    repeated: m.repeated_count,
    resurfacing: m.resurfacing_count,
    zero_yield: m.zero_yield_count,
    needless: m.needless_call_rate,
    'recall@5': m.search_calls.map((call) => call['recall@5']),
    'recall@10': m.search_calls.map((call) => call['recall@10']),
    gold_reached: m.needle_reached,
    first_gold_call: m.tool_calls_to_first_gold,
  };
}

const PY_SHOP = join(CORPORA, 'py-shop');
const GO_KV = join(CORPORA, 'go-kv');
const PAYMENT_RETRY = 'How does the payment client retry a charge when the provider is unavailable?';
const got = (runs: Map<string, CalibratedRun>, id: string) => runs.get(id)!;

describe.concurrent('calibration: real npm MCP servers, hand-counted', () => {
  // (a) Plain-text grep rows: mcp-ripgrep 0.4.0 prints `./path:line:text`, sorted by path.
  test('mcp-ripgrep: `path:line:text` rows rank files, not lines', async ({ expect }) => {
    try {
      execFileSync('rg', ['--version'], { stdio: 'ignore' });
    } catch {
      throw new Error("mcp-ripgrep runs `rg`, which is not on PATH: install Debian's ripgrep (.ci/run does)");
    }
    using dir = tempDir();
    const runs = await runCalibration(
      'ripgrep',
      [
        // The offline stand-in searches `payme|clien|retry|charg|provi|unava`: 31 rows in 9 files, in
        // order README.md, docs/architecture.md, pyproject.toml, shop/__init__.py, shop/inventory.py,
        // shop/orders.py, shop/payments/__init__.py, shop/payments/gateway.py (8th), .../retry.py
        // (9th); then list-files (17 files, 8 never named before). By file both gold are in the top
        // 10; by line the first ten rows hold neither.
        {
          id: 'rg-offline',
          question: PAYMENT_RETRY,
          gold: { files: ['shop/payments/retry.py', 'shop/payments/gateway.py'] },
          corpus: PY_SHOP,
        },
        // `(` is refused by rg (isError, exit 2); `def ` gives 35 rows in 11 files: cart.py (6 rows),
        // cli.py, inventory.py (6), models.py, orders.py (5th file, rows 15-16), ...; the same
        // search again returns the same text; a name found nowhere prints "No matches found".
        {
          id: 'rg-script',
          question: 'Where is an order placed or cancelled?',
          gold: { files: ['shop/orders.py'] },
          corpus: PY_SHOP,
          script: [
            { name: 'search', arguments: { path: '.', pattern: '(' } },
            { name: 'search', arguments: { path: '.', pattern: 'def ' } },
            { name: 'search', arguments: { pattern: 'def ', path: '.' } },
            { name: 'search', arguments: { path: '.', pattern: 'no_such_name_zz' } },
          ],
        },
      ],
      dir.path,
    );
    expect.soft(row(got(runs, 'rg-offline').metrics)).toEqual({
      calls: 2,
      failed: 0,
      repeated: 0,
      resurfacing: 0,
      zero_yield: 0,
      needless: 0,
      'recall@5': [0],
      'recall@10': [1],
      gold_reached: true,
      first_gold_call: 1,
    });
    // Needless: the failed call, the repeat (also resurfacing), the empty search: 3 of 4.
    expect.soft(row(got(runs, 'rg-script').metrics)).toEqual({
      calls: 4,
      failed: 1,
      repeated: 1,
      resurfacing: 1,
      zero_yield: 1,
      needless: 3 / 4,
      'recall@5': [0, 1, 1, 0],
      'recall@10': [0, 1, 1, 0],
      gold_reached: true,
      first_gold_call: 2,
    });
  });

  // (b)+(d) JSON results from a git server: @cyanheads/git-mcp-server 2.15.3 on a two-commit repo.
  test('git-mcp-server: JSON results, a blob read, a commit listing', async ({ expect }) => {
    using dir = tempDir();
    const repo = gitCorpus('py-shop', join(dir.path, 'repo'), {
      file: 'shop/payments/retry.py',
      line: '# The delays come from backoff_delays above.',
    });
    const retry = 'HEAD:shop/payments/retry.py';
    const runs = await runCalibration(
      'git',
      [
        // The stand-in takes `git_set_working_dir` (a name with `dir`) for a listing and sets `.`,
        // which the server resolves against its own working directory: it reports agent-track's
        // checkout (a git clone, as CI's is: its status, its commits' ISO dates), never the task's
        // repository. Nothing it returns is a file of the corpus.
        {
          id: 'git-offline',
          question: PAYMENT_RETRY,
          gold: { files: ['shop/payments/retry.py'] },
          corpus: repo,
        },
        // git_log: two commits, no file. The blob (32 lines: `object` names it, `content` holds
        // it); a path not in HEAD (isError, "fatal: path ... does not exist"); the same blob again;
        // commit 1's --stat inside the JSON's `content` string: 17 files, sorted, the gold 13th.
        {
          id: 'git-script',
          question: 'Which file holds the retry policy for payments?',
          gold: { files: ['shop/payments/retry.py'] },
          corpus: repo,
          script: [
            { name: 'git_log', arguments: { path: repo } },
            { name: 'git_show', arguments: { path: repo, object: retry } },
            { name: 'git_show', arguments: { path: repo, object: 'HEAD:shop/payments/retries.py' } },
            { name: 'git_show', arguments: { path: repo, object: retry } },
            { name: 'git_show', arguments: { path: repo, object: 'HEAD~1', stat: true } },
          ],
        },
      ],
      dir.path,
    );
    const offline = got(runs, 'git-offline');
    expect.soft(offline.events.map((e) => [e.tool, e.identifiers])).toEqual([['git_set_working_dir', []]]);
    expect.soft(row(offline.metrics)).toEqual({
      calls: 1,
      failed: 0,
      repeated: 0,
      resurfacing: 0,
      zero_yield: 0,
      needless: 0,
      'recall@5': [],
      'recall@10': [],
      gold_reached: false,
      first_gold_call: null,
    });
    const script = got(runs, 'git-script');
    expect
      .soft(script.events[4]!.identifiers)
      .toEqual([
        'README.md',
        'docs/architecture.md',
        'docs/pricing.md',
        'pyproject.toml',
        'shop/__init__.py',
        'shop/cart.py',
        'shop/cli.py',
        'shop/inventory.py',
        'shop/models.py',
        'shop/orders.py',
        'shop/payments/__init__.py',
        'shop/payments/gateway.py',
        'shop/payments/retry.py',
        'shop/pricing.py',
        'shop/storage.py',
        'tests/test_cart.py',
        'tests/test_pricing.py',
      ]);
    // Needless: the failed show and the repeated one (also resurfacing): 2 of 5.
    expect.soft(row(script.metrics)).toEqual({
      calls: 5,
      failed: 1,
      repeated: 1,
      resurfacing: 1,
      zero_yield: 0,
      needless: 2 / 5,
      'recall@5': [1, 0, 1, 0],
      'recall@10': [1, 0, 1, 0],
      gold_reached: true,
      first_gold_call: 2,
    });
  });

  // (c) A file-tree listing: server-filesystem's directory_tree, one nested JSON value.
  test('server-filesystem directory_tree: nested names are paths', async ({ expect }) => {
    using dir = tempDir();
    const question = 'How is the checksum of a log record computed?';
    const gold = { files: ['internal/crc/crc.go'] };
    const runs = await runCalibration(
      'filesystem-tree',
      [
        // search_files' glob finds no file ("No matches found"), list_directory, README.md read.
        { id: 'tree-offline', question, gold, corpus: GO_KV },
        // The tree names 12 files, internal/crc/crc.go 5th; the read of a file that does not exist
        // fails (ENOENT); the same tree again.
        {
          id: 'tree-script',
          question: 'Where is the checksum of a log record computed?',
          gold,
          corpus: GO_KV,
          script: [
            { name: 'directory_tree', arguments: { path: '.' } },
            { name: 'read_text_file', arguments: { path: 'internal/crc/crc.go' } },
            { name: 'read_text_file', arguments: { path: 'internal/crc/crc32.go' } },
            { name: 'directory_tree', arguments: { path: '.' } },
          ],
        },
      ],
      dir.path,
    );
    expect.soft(row(got(runs, 'tree-offline').metrics)).toEqual({
      calls: 3,
      failed: 0,
      repeated: 0,
      resurfacing: 0,
      zero_yield: 1,
      needless: 1 / 3,
      'recall@5': [0],
      'recall@10': [0],
      gold_reached: false,
      first_gold_call: null,
    });
    const script = got(runs, 'tree-script');
    expect
      .soft(script.events[0]!.identifiers)
      .toEqual([
        'README.md',
        'cmd/kvd/main.go',
        'docs/design.md',
        'go.mod',
        'internal/crc/crc.go',
        'server/http.go',
        'server/middleware.go',
        'store/compaction.go',
        'store/snapshot.go',
        'store/store.go',
        'store/store_test.go',
        'store/wal.go',
      ]);
    // Needless: the failed read and the repeated tree (also resurfacing): 2 of 4.
    expect.soft(row(script.metrics)).toEqual({
      calls: 4,
      failed: 1,
      repeated: 1,
      resurfacing: 1,
      zero_yield: 0,
      needless: 2 / 4,
      'recall@5': [1, 1],
      'recall@10': [1, 1],
      gold_reached: true,
      first_gold_call: 1,
    });
  });

  // (d) A code index: codegraph-ai 0.1.5 (tree-sitter into SQLite FTS), symbols ranked with their files.
  test('codegraph: a symbol index whose search fails on a question', async ({ expect }) => {
    using dir = tempDir();
    const corpus = join(dir.path, 'ts-notes');
    cpSync(join(CORPORA, 'ts-notes'), corpus, { recursive: true });
    const gold = { files: ['src/search/rank.ts'] };
    const runs = await runCalibration(
      'codegraph',
      [
        // The stand-in asks the whole question; SQLite FTS5 refuses it: `fts5: syntax error near "?"`.
        { id: 'cg-offline', question: 'How are notes ranked for a search query?', gold, corpus },
        // `Note`: 7 symbols in 3 files (note.ts, sync/merge.ts, search/rank.ts 3rd); `rank(` fails
        // (fts5 syntax error); get_context names rank.ts, note.ts, tokenize.ts, cli.ts; the same
        // again; `zzz`: "No symbols found".
        {
          id: 'cg-script',
          question: 'Which function ranks notes against a query?',
          gold,
          corpus,
          script: [
            { name: 'search', arguments: { query: 'Note' } },
            { name: 'search', arguments: { query: 'rank(' } },
            { name: 'get_context', arguments: { name: 'rankNotes' } },
            { name: 'get_context', arguments: { name: 'rankNotes' } },
            { name: 'search', arguments: { query: 'zzz' } },
          ],
        },
      ],
      dir.path,
    );
    expect.soft(row(got(runs, 'cg-offline').metrics)).toEqual({
      calls: 1,
      failed: 1,
      repeated: 0,
      resurfacing: 0,
      zero_yield: 0,
      needless: 1,
      'recall@5': [0],
      'recall@10': [0],
      gold_reached: false,
      first_gold_call: null,
    });
    // Needless: the failed search, the repeated lookup (also resurfacing), the empty search: 3 of 5.
    expect.soft(row(got(runs, 'cg-script').metrics)).toEqual({
      calls: 5,
      failed: 1,
      repeated: 1,
      resurfacing: 1,
      zero_yield: 1,
      needless: 3 / 5,
      'recall@5': [1, 0, 0],
      'recall@10': [1, 0, 0],
      gold_reached: true,
      first_gold_call: 1,
    });
  });
});
