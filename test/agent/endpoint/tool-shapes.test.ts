import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  byQuestionWords,
  listShape,
  questionWords,
  readShape,
  searchCall,
  searchShape,
} from '../../../src/agent/endpoint/tool-shapes.js';
import { openAgentProduct } from '../../../src/agent/manifest/agent-product.js';
import { connectMcpServer, type McpSession } from '../../../src/agent/mcp/mcp-session.js';
import { DEFAULT_SERVING_CONFIG } from '../../../src/product/index.js';

// The real @modelcontextprotocol/server-filesystem (a pinned dev dependency), its tools as it lists them.
const REPO = join(import.meta.dirname, '../../..');
const FILESYSTEM = openAgentProduct({
  dir: join(REPO, 'fixtures/products/filesystem'),
  config: DEFAULT_SERVING_CONFIG,
});
let session: McpSession;
beforeAll(async () => {
  session = await connectMcpServer(
    FILESYSTEM.serverFor({ workspace: null, corpus: join(REPO, 'fixtures/corpora/py-shop') }),
  );
});
afterAll(async () => {
  await session?.close();
});

test("server-filesystem's schemas: the glob search, the text read, the flat listing", () => {
  const tools = session.definitions;
  // search_files(path, pattern): its description says glob; the required directory gets the root.
  expect(searchShape(tools)).toEqual({
    tool: 'search_files',
    param: 'pattern',
    style: 'glob',
    fixed: { path: '.' },
  });
  // read_file is deprecated, read_media_file a media reader: read_text_file it is.
  expect(readShape(tools)).toEqual({ tool: 'read_text_file', param: 'path', many: false });
  // list_directory before directory_tree and list_directory_with_sizes; never a writing tool.
  expect(listShape(tools)).toEqual({ tool: 'list_directory', param: 'path', many: false });
});

test('the question becomes the search in the tool’s own style', () => {
  const question = 'How does the payment client retry a charge?';
  // how/does/the/a are stop words; the rest cut to five letters.
  expect(questionWords(question)).toEqual(['payme', 'clien', 'retry', 'charg']);
  const search = searchShape(session.definitions)!;
  expect(searchCall(search, question)).toEqual({
    name: 'search_files',
    arguments: { path: '.', pattern: '**/*{payme,clien,retry,charg}*{,/**}' },
  });
  const regex = { tool: 'grep', param: 'pattern', style: 'regex' as const, fixed: {} };
  expect(searchCall(regex, question).arguments).toEqual({ pattern: 'payme|clien|retry|charg' });
  const reference = { tool: 'search_codebase', param: 'query', style: 'question' as const, fixed: {} };
  expect(searchCall(reference, question).arguments).toEqual({ query: question });
  // The paths most like the question first (retry.py has two of its words), ties in order.
  expect(
    byQuestionWords(['shop/payments/__init__.py', 'shop/cli.py', 'shop/payments/retry.py'], question),
  ).toEqual(['shop/payments/retry.py', 'shop/payments/__init__.py', 'shop/cli.py']);
});

test('the glob the policy writes finds files on the real server', async () => {
  const search = searchShape(session.definitions)!;
  const result = await session.call(
    'search_files',
    searchCall(search, 'How does the payment client retry a charge?').arguments,
  );
  const root = join(REPO, 'fixtures/corpora/py-shop');
  const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
  // The payments folder and every file under it: absolute paths, as the server prints them.
  expect(text.split('\n').sort()).toEqual(
    ['shop/payments', 'shop/payments/__init__.py', 'shop/payments/gateway.py', 'shop/payments/retry.py'].map(
      (path) => join(root, path),
    ),
  );
});
