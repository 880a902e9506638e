import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, relative } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AgentTrackError } from '../../core/index.js';
import { STOP_WORDS } from '../../product/index.js';
import type { Task } from '../../retrieval/index.js';
import { filePathExtractor, inCorpus, type TextExtractor } from '../../trajectory/index.js';
import { literalSearchCall, readShape, searchShape } from '../endpoint/tool-shapes.js';
import type { AgentProduct } from '../manifest/agent-product.js';
import { extractResult, resultText } from '../mcp/extract-result.js';
import type { McpSession } from '../mcp/mcp-session.js';

/** What one probe of a product's server on one corpus found. */
export interface ProductProbe {
  /** The manifest file (or the embedded product's). */
  manifest: string;
  /** The corpus directory the server was started on. */
  corpus: string;
  /** `found`: the server named the file; `skipped`: nothing to ask with (the line says why). */
  status: 'found' | 'skipped';
  /** The tool asked, and how. */
  tool: string | null;
  args: Record<string, unknown> | null;
  /** The corpus file looked for (corpus-relative). */
  target: string | null;
  /** The tokens of the tool descriptions the server listed (`McpSession.descriptionTokens`). */
  descriptionTokens: number;
  /** What a run prints. */
  line: string;
}

const SKIPPED_DIRS = new Set(['node_modules', '.git']);

// The first file under `dir`, depth first in name order, hidden entries and node_modules skipped.
function firstFile(root: string, dir: string): string | null {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return null;
  }
  for (const name of names) {
    if (name.startsWith('.') || SKIPPED_DIRS.has(name)) continue;
    const full = join(dir, name);
    const stats = statSync(full, { throwIfNoEntry: false });
    if (stats?.isFile() === true) return relative(root, full).split('\\').join('/');
    if (stats?.isDirectory() === true) {
      const inner = firstFile(root, full);
      if (inner !== null) return inner;
    }
  }
  return null;
}

/**
 * The corpus file a probe looks for: the task's first gold file the corpus holds (what the task
 * needs the server to reach), else the corpus's first file (depth first, name order, hidden entries
 * and `node_modules` skipped); `null` for an empty corpus.
 *
 * @example
 * probeTarget('fixtures/track/corpus', { gold: { files: ['billing/invoice.py'] } }); // 'billing/invoice.py'
 */
export function probeTarget(corpus: string, task?: Pick<Task, 'gold'>): string | null {
  for (const file of task?.gold.files ?? []) {
    if (statSync(join(corpus, file), { throwIfNoEntry: false })?.isFile() === true) return file;
  }
  return existsSync(corpus) ? firstFile(corpus, corpus) : null;
}

type Call = { name: string; arguments: Record<string, unknown> };

/**
 * A word a file holds that few others would: its longest identifier-like token (six characters
 * or more, not a stop word; the first of equal length), read from its first 64 KiB; `null` when
 * it has none.
 *
 * @example
 * distinctWord('fixtures/corpora/py-shop/shop/payments/retry.py'); // 'retry_with_backoff'
 */
export function distinctWord(file: string): string | null {
  let text: string;
  try {
    const fd = openSync(file, 'r');
    const buffer = Buffer.alloc(64 * 1024);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    closeSync(fd);
    text = buffer.subarray(0, read).toString('utf8');
  } catch {
    return null;
  }
  let best: string | null = null;
  for (const [word] of text.matchAll(/[A-Za-z_][A-Za-z0-9_]{5,}/g)) {
    if (STOP_WORDS.has(word.toLowerCase())) continue;
    if (best === null || word.length > best.length) best = word;
  }
  return best;
}

// Whether a call's identifiers or rows name a file of the corpus (a read's `a.py:1-40` names `a.py`).
function names(
  found: { identifiers: readonly string[]; rows?: readonly { path: string }[] },
  corpus: string,
) {
  const hit = (id: string) => {
    const path = id.replace(/:[\d-]+$/, '');
    return (
      !isAbsolute(path) &&
      !path.startsWith('..') &&
      statSync(join(corpus, path), { throwIfNoEntry: false })?.isFile() === true
    );
  };
  return found.identifiers.some(hit) || (found.rows ?? []).some((row) => hit(row.path));
}

// A result as one quoted line, cut.
function cut(text: string): string {
  const flat = text.length > 240 ? `${text.slice(0, 240)}…` : text;
  return JSON.stringify(flat);
}

/**
 * Asks a product's server, started on a task's corpus, for one file the corpus holds (`probeTarget`),
 * with no model: its `search` role tool (the manifest's `tools:`) searches for the file's name, its
 * arguments filled from the tool's input schema as the offline policy fills them (`searchShape`,
 * `literalSearchCall`), and, when that finds nothing and the tool does not match paths by glob (a
 * search of contents), for a word the file holds (`distinctWord`): one call, two at most. With no
 * search role it offers, its `read` role tool reads the file by its
 * corpus-relative path (`readShape`). The result is read as the recording proxy reads it
 * (`extractResult`, then `inCorpus`): found when its identifiers name a file of the corpus (the
 * one asked for, or, for a server that serves part of the corpus, another: a glob search that
 * finds no such name is asked for every path, `**∕*`). A server that does
 * not find it (an error, no match, another folder's files) is refused with `PRODUCT_PROBE_FAILED`
 * naming the manifest, the tool, its arguments and what it returned (cut): a server that never sees
 * the corpus would answer every task from somewhere else. With neither role offered, or no file in
 * the corpus, the probe is `skipped` and its line says why.
 *
 * @example
 * const probe = await probeSession(session, { product, corpus: '/data/shop', task });
 * probe.line; // 'probe: `server-filesystem` finds `billing/invoice.py` in the corpus `/data/shop` (search_files)'
 */
export async function probeSession(
  session: McpSession,
  options: { product: AgentProduct; corpus: string; task?: Pick<Task, 'gold'>; extractor?: TextExtractor },
): Promise<ProductProbe> {
  const { product, corpus } = options;
  const manifest = product.product.file;
  const name = product.product.manifest.name;
  const base = { manifest, corpus, descriptionTokens: session.descriptionTokens };
  const skipped = (why: string): ProductProbe => ({
    ...base,
    status: 'skipped',
    tool: null,
    args: null,
    target: null,
    line: `probe: skipped for \`${name}\`: ${why}; nothing shows its server sees the corpus \`${corpus}\``,
  });
  const target = probeTarget(corpus, options.task);
  if (target === null) return skipped('the corpus holds no file to look for');
  const offered = (role: readonly string[]) => session.definitions.filter((tool) => role.includes(tool.name));
  const search = searchShape(offered(product.roles.search));
  const read = search === null ? readShape(offered(product.roles.read)) : null;
  const calls: Call[] = [];
  if (search !== null) {
    calls.push(literalSearchCall(search, basename(target)));
    // A glob that finds no such name is asked for every path (a server serving part of the corpus
    // still names some of it); a search of contents, which finds no file name, for a word it holds.
    const word = search.style === 'glob' ? null : distinctWord(join(corpus, target));
    if (search.style === 'glob')
      calls.push({ name: search.tool, arguments: { ...search.fixed, [search.param]: '**/*' } });
    else if (word !== null) calls.push(literalSearchCall(search, word));
  } else if (read !== null) {
    calls.push({ name: read.tool, arguments: { [read.param]: read.many ? [target] : target } });
  } else {
    return skipped(
      `its \`tools:\` names no search or read tool its server offers with arguments to fill (it offers ${session.definitions.map((tool) => `\`${tool.name}\``).join(', ') || 'none'})`,
    );
  }
  const extractor = options.extractor ?? filePathExtractor(undefined, { reads: product.roles.read });
  const asked: string[] = [];
  let result: CallToolResult = { content: [] };
  for (const call of calls) {
    result = await session.call(call.name, call.arguments);
    asked.push(`\`${JSON.stringify(call.arguments)}\``);
    const found = inCorpus(
      extractResult(result, { tool: call.name, args: call.arguments }, extractor),
      corpus,
    );
    if (result.isError !== true && names(found, corpus))
      return {
        ...base,
        status: 'found',
        tool: call.name,
        args: call.arguments,
        target,
        line: `probe: \`${name}\` finds \`${target}\` in the corpus \`${corpus}\` (${call.name} ${JSON.stringify(call.arguments)})`,
      };
  }
  const { name: tool, arguments: args } = calls.at(-1)!;
  const returned = cut(resultText(result));
  throw new AgentTrackError(
    'PRODUCT_PROBE_FAILED',
    `The product \`${manifest}\` does not see the task's corpus: its ${search !== null ? 'search' : 'read'} tool \`${tool}\` was asked ${asked.join(' then ')} for \`${target}\`, a file of the corpus \`${corpus}\`, and returned ${result.isError === true ? 'an error ' : ''}${returned}. Does its \`serve\` pass \`{corpus}\` (an absolute path), or read paths against its own folder?`,
    { data: { manifest, tool, args, target, corpus, result: returned } },
  );
}
