import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { connectServer, type ServerConnection } from '../helpers/mcp-client.js';
import { indexedFixture, ROOT } from '../helpers/workspace.js';

const fixture = indexedFixture('py-shop');
let server: ServerConnection;

beforeAll(async () => {
  server = await connectServer(['--workspace', fixture.workspace]);
});

afterAll(async () => {
  await server?.close();
  fixture[Symbol.dispose]();
});

describe('tools/list', () => {
  test('lists the seven tools with the descriptions and parameter docs of configs/product/tool_docs.yaml', async () => {
    const docs = parse(readFileSync(join(ROOT, 'configs/product/tool_docs.yaml'), 'utf8')) as Record<
      string,
      { description: string; parameters: Record<string, string> }
    >;
    const { tools } = await server.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'search_codebase',
      'get_symbol',
      'get_symbols',
      'read_file',
      'read_files',
      'grep',
      'get_references',
    ]);
    for (const tool of tools) {
      expect(tool.description).toBe(docs[tool.name]!.description.trim());
      const properties = tool.inputSchema.properties as Record<string, { description?: string }>;
      for (const [parameter, doc] of Object.entries(docs[tool.name]!.parameters)) {
        expect(properties[parameter]?.description).toBe(doc);
      }
      expect(tool.inputSchema).toMatchObject({ additionalProperties: false });
    }
  });
});

describe('search_codebase', () => {
  test('returns ranked rows, identifiers and a batch pointer to the top symbols', async () => {
    const result = await server.call('search_codebase', {
      query: 'how are discount codes applied',
      limit: 3,
    });
    expect(result.isError).toBeFalsy();
    const rows = (
      result.structuredContent!.rows as {
        path: string;
        start: number;
        end: number;
        name: string;
        text: string;
      }[]
    ).map(({ path, start, end, name }) => ({ path, start, end, name }));
    expect(rows).toEqual([
      { path: 'shop/pricing.py', start: 36, end: 43, name: 'apply_discount' },
      // The file that imports DiscountCode and apply_discount, over the test and the doc (ranked down).
      { path: 'shop/orders.py', start: 1, end: 11, name: 'orders.py' },
      { path: 'tests/test_pricing.py', start: 8, end: 9, name: 'test_percentage_discount_rounds_half_up' },
    ]);
    expect((result.structuredContent!.rows as { text: string }[])[0]!.text).toMatch(
      /^def apply_discount\(subtotal_cents: int, code: DiscountCode, today: date\) -> int:\n/,
    );
    expect(result.structuredContent?.identifiers).toEqual([
      'shop/pricing.py',
      'shop/pricing.py#L36-L43',
      'shop/orders.py',
      'shop/orders.py#L1-L11',
      'tests/test_pricing.py',
      'tests/test_pricing.py#L8-L9',
    ]);
    expect(result.text.split('\n').at(-1)).toBe(
      'together: → get_symbols(targets=["shop.pricing.apply_discount","test_pricing.test_percentage_discount_rounds_half_up"])',
    );
  });

  test('a block row gets a read_file pointer with its lines', async () => {
    const result = await server.call('search_codebase', {
      query: 'exponential backoff flaky services',
      limit: 1,
    });
    expect(result.structuredContent?.rows).toMatchObject([
      { path: 'shop/payments/retry.py', start: 1, end: 8 },
    ]);
    expect(result.text).toContain('then: → read_file(path="shop/payments/retry.py", start=1, end=8)');
  });

  test('kind=docs keeps documentation files only', async () => {
    const result = await server.call('search_codebase', { query: 'discount tax rounding', kind: 'docs' });
    const paths = (result.structuredContent!.rows as { path: string }[]).map((row) => row.path);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((path) => path.endsWith('.md'))).toBe(true);
  });

  test('a query with no match is an empty, non-error result', async () => {
    const result = await server.call('search_codebase', { query: 'zeppelin quasar' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ rows: [], identifiers: [] });
    expect(result.text).toMatch(/^No results for "zeppelin quasar"/);
  });
});

describe('get_symbol and get_symbols', () => {
  test('a class signature lists its members and points at its source and its members', async () => {
    const result = await server.call('get_symbol', { target: 'Cart' });
    expect(result.text.split('\n').slice(0, 3)).toEqual([
      'shop.cart.Cart  (class)  shop/cart.py:10-41',
      '10  class Cart:',
      '11      """A shopping cart. Adding a product twice increases its quantity."""',
    ]);
    // The symbol, its file and the lines shown (the signature's two).
    expect(result.structuredContent?.identifiers).toEqual([
      'shop.cart.Cart',
      'shop/cart.py',
      'shop/cart.py:10-11',
    ]);
    expect(result.text).toContain(
      '  add_item  (method, 16-25)  def add_item(self, product: Product, quantity: int = 1) -> LineItem:',
    );
    expect(result.text).toContain('then: → get_symbol(target="shop.cart.Cart", depth="source")');
    expect(result.text).toContain(
      'together: → get_symbols(targets=["shop.cart.Cart.__init__","shop.cart.Cart.add_item",',
    );
  });

  test('depth=source returns the whole body, numbered', async () => {
    const result = await server.call('get_symbol', {
      target: 'shop.pricing.apply_discount',
      depth: 'source',
    });
    const lines = result.text.split('\n');
    expect(lines[0]).toBe('shop.pricing.apply_discount  (function)  shop/pricing.py:36-43');
    expect(lines[1]).toBe(
      '36  def apply_discount(subtotal_cents: int, code: DiscountCode, today: date) -> int:',
    );
    expect(lines[8]).toBe('43      return max(0, subtotal_cents - off)');
  });

  test('an ambiguous or unknown target is an error result naming the candidates', async () => {
    const ambiguous = await server.call('get_symbol', { target: '__init__' });
    expect(ambiguous.isError).toBe(true);
    expect(ambiguous.text).toContain('`shop.cart.Cart.__init__`');
    const unknown = await server.call('get_symbol', { target: 'shop.nothing.here' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/^No symbol `shop.nothing.here`/);
  });

  test('get_symbols reports an unresolved target in place and returns the rest', async () => {
    const result = await server.call('get_symbols', {
      targets: ['Cart.add_item', 'nope', 'Inventory.reserve'],
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent?.identifiers).toEqual([
      'shop.cart.Cart.add_item',
      'shop/cart.py',
      'shop/cart.py:16-17',
      'shop.inventory.Inventory.reserve',
      'shop/inventory.py',
      'shop/inventory.py:25-26',
    ]);
    expect(result.text).toContain('nope: No symbol `nope`');
  });
});

describe('read_file, read_files and grep', () => {
  test('read_file returns the numbered range and its identifiers', async () => {
    const result = await server.call('read_file', { path: './shop/cart.py', start: 10, end: 11 });
    expect(result.text).toBe(
      'shop/cart.py:10-11 (41 lines)\n10  class Cart:\n11      """A shopping cart. Adding a product twice increases its quantity."""',
    );
    expect(result.structuredContent?.identifiers).toEqual(['shop/cart.py', 'shop/cart.py:10-11']);
  });

  test('a range past the line cap ends with a pointer to the next part', async () => {
    using small = indexedFixture('py-shop');
    const capped = await connectServer([
      '--workspace',
      small.workspace,
      '--overlay',
      'test/product/fixtures/read-10-lines.yaml',
    ]);
    try {
      const result = await capped.call('read_file', { path: 'shop/cart.py' });
      expect(result.structuredContent?.files).toEqual([
        { path: 'shop/cart.py', start: 1, end: 10, total_lines: 41 },
      ]);
      expect(result.text.split('\n').at(-1)).toBe('then: → read_file(path="shop/cart.py", start=11, end=20)');
    } finally {
      await capped.close();
    }
  });

  test('read_files reads several files and reports a missing one with a suggestion', async () => {
    const result = await server.call('read_files', { paths: ['shop/models.py', 'cart.py'] });
    expect(result.structuredContent?.identifiers).toEqual(['shop/models.py', 'shop/models.py:1-41']);
    expect(result.text).toContain('cart.py: No file `cart.py` in the corpus; did you mean `shop/cart.py`');
  });

  test('grep finds lines by regex within a glob and points at the enclosing symbol', async () => {
    const result = await server.call('grep', { pattern: 'def (apply|tax)_', glob: '*.py' });
    expect(result.structuredContent?.rows).toEqual([
      { path: 'shop/pricing.py', start: 36, end: 36 },
      { path: 'shop/pricing.py', start: 46, end: 46 },
    ]);
    expect(result.structuredContent?.identifiers).toEqual([
      'shop/pricing.py',
      'shop/pricing.py:36',
      'shop/pricing.py:46',
    ]);
    expect(result.text).toContain('then: → get_symbol(target="shop.pricing.apply_discount", depth="source")');
  });
});

describe('refusals are error results and the server keeps serving', () => {
  test.each([
    ['read_file', { path: '../etc/passwd' }, /outside the corpus/],
    ['read_file', { path: '/etc/passwd' }, /outside the corpus/],
    ['read_file', { path: 'shop/../../secret' }, /outside the corpus/],
    ['read_file', { path: 'C:\\Windows\\win.ini' }, /outside the corpus/],
    ['read_files', { paths: ['shop/cart.py', '../../etc/passwd'] }, /outside the corpus/],
    ['read_file', { path: 'shop/cart.py', start: 500 }, /has 41 lines/],
    ['read_file', { path: 'shop/cart.py', start: 20, end: 10 }, /before `start`/],
    ['search_codebase', { query: 'cart', bogus: 1 }, /Unrecognized key/],
    ['search_codebase', { query: 42 }, /expected string/],
    ['search_codebase', { query: 'cart', kind: 'lambda' }, /Invalid option/],
    ['get_symbol', { target: 'Cart', depth: 'everything' }, /Invalid option/],
    ['search_codebase', { query: 'x'.repeat(5000) }, /Too big/],
    ['get_symbols', { targets: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /Too big/],
    ['grep', { pattern: 'a'.repeat(1000) }, /Too big/],
    ['grep', { pattern: '(x)\\1' }, /backreferences and lookaround/],
    ['grep', { pattern: '(?<=a)b' }, /backreferences and lookaround/],
    ['grep', { pattern: '([' }, /not a valid regular expression/],
  ])('%s %j', async (tool, args, message) => {
    const result = await server.call(tool, args);
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(message);
    const after = await server.call('read_file', { path: 'shop/__init__.py', start: 1, end: 1 });
    expect(after.isError).toBeFalsy();
  });
});
