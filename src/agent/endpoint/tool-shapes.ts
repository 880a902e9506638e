import { STOP_WORDS } from '../../product/index.js';
import type { ToolDefinition } from '../llm/providers/chat-provider.js';

/**
 * What the offline policy reads off any server's tool schemas (names, descriptions, parameters) to
 * drive it without knowing it: which tool searches and how its pattern is written, which one reads
 * a file by path, which one lists a directory. Deterministic: the same tools give the same shapes.
 */

type Call = { name: string; arguments: Record<string, unknown> };

/** How a search tool's pattern is written: a question, words, a glob over paths, a regex. */
export type PatternStyle = 'question' | 'words' | 'glob' | 'regex';

export interface SearchShape {
  tool: string;
  param: string;
  style: PatternStyle;
  /** Arguments every call carries (a required directory: the root, `.`). */
  fixed: Record<string, unknown>;
}

export interface PathShape {
  tool: string;
  param: string;
  /** The parameter takes a list of paths. */
  many: boolean;
}

const QUERY_PARAMS = [
  'query',
  'q',
  'question',
  'search',
  'keywords',
  'keyword',
  'text',
  'term',
  'pattern',
  'regex',
  'glob',
];
const PATH_PARAMS = ['path', 'file_path', 'filepath', 'file', 'filename', 'directory', 'dir', 'root'];
const PATHS_PARAMS = ['paths', 'file_paths', 'files'];
const MUTATING = /write|edit|move|rename|delete|remove|create|update|insert|append|patch|upload/i;

interface Schema {
  properties: Record<string, { type?: unknown; description?: unknown; items?: { type?: unknown } }>;
  required: string[];
}

function schemaOf(tool: ToolDefinition): Schema {
  const properties = (tool.input_schema.properties ?? {}) as Schema['properties'];
  const required = Array.isArray(tool.input_schema.required) ? (tool.input_schema.required as string[]) : [];
  return { properties, required };
}

const isString = (schema: Schema, name: string) => schema.properties[name]?.type === 'string';
const isStringList = (schema: Schema, name: string) =>
  schema.properties[name]?.type === 'array' && schema.properties[name]?.items?.type === 'string';

function describes(tool: ToolDefinition, param: string, pattern: RegExp): boolean {
  const own = schemaOf(tool).properties[param]?.description;
  return pattern.test(`${tool.description ?? ''} ${typeof own === 'string' ? own : ''}`);
}

// A tool whose required parameters are all ones we can fill (`allowed`), the root for a directory.
function fillable(schema: Schema, allowed: readonly string[]): Record<string, unknown> | null {
  const fixed: Record<string, unknown> = {};
  for (const name of schema.required) {
    if (allowed.includes(name)) continue;
    if (PATH_PARAMS.includes(name) && isString(schema, name)) fixed[name] = '.';
    else return null;
  }
  return fixed;
}

const usable = (tool: ToolDefinition) =>
  !MUTATING.test(tool.name) && !/\bdeprecated\b/i.test(tool.description ?? '');

/**
 * The search tool: one with a string query-like parameter (`query`, `pattern`, ...) whose other
 * required parameters are directories (given the root, `.`); a tool named `search` first, then
 * `grep`/`find`, then any. Its pattern style: the whole question for `query`/`q`/`question`, a glob
 * or a regex when the parameter or the tool says so, else the question's words.
 *
 * @example
 * searchShape([{ name: 'search_files', description: 'glob-style patterns', input_schema: { properties: { path: { type: 'string' }, pattern: { type: 'string' } }, required: ['path', 'pattern'] } }]);
 * // { tool: 'search_files', param: 'pattern', style: 'glob', fixed: { path: '.' } }
 */
export function searchShape(tools: readonly ToolDefinition[]): SearchShape | null {
  const rank = (tool: ToolDefinition) => {
    const name = tool.name.toLowerCase();
    return name.includes('search') ? 0 : /grep|find/.test(name) ? 1 : 2;
  };
  const candidates = tools.filter(usable).sort((a, b) => rank(a) - rank(b));
  for (const tool of candidates) {
    const schema = schemaOf(tool);
    // A search tool that describes no parameters is asked the question as `query`.
    const bare = rank(tool) === 0 && Object.keys(schema.properties).length === 0;
    const param = bare ? 'query' : QUERY_PARAMS.find((name) => isString(schema, name));
    if (param === undefined) continue;
    const fixed = fillable(schema, [param]);
    if (fixed === null) continue;
    const style: PatternStyle = ['query', 'q', 'question'].includes(param)
      ? 'question'
      : param === 'glob' || describes(tool, param, /\bglob/i)
        ? 'glob'
        : param === 'regex' || describes(tool, param, /\bregex|regular expression/i)
          ? 'regex'
          : 'words';
    return { tool: tool.name, param, style, fixed };
  }
  return null;
}

function pathShape(tools: readonly ToolDefinition[], name: RegExp, avoid: RegExp): PathShape | null {
  const candidates = tools
    .filter((tool) => usable(tool) && name.test(tool.name))
    .sort((a, b) => Number(avoid.test(a.name)) - Number(avoid.test(b.name)));
  for (const tool of candidates) {
    const schema = schemaOf(tool);
    const one = PATH_PARAMS.find((param) => isString(schema, param));
    if (one !== undefined && fillable(schema, [one]) !== null)
      return { tool: tool.name, param: one, many: false };
  }
  for (const tool of candidates) {
    const schema = schemaOf(tool);
    const many = PATHS_PARAMS.find((param) => isStringList(schema, param));
    if (many !== undefined && fillable(schema, [many]) !== null)
      return { tool: tool.name, param: many, many: true };
  }
  return null;
}

/**
 * The read tool: `read_file` when offered (the reference server's), else a tool named like a read
 * (`read`, `view`, `open`, `cat`, `get_file`) taking one path (or, failing that, a list), media
 * and image readers last.
 *
 * @example
 * readShape(tools); // { tool: 'read_text_file', param: 'path', many: false }
 */
export function readShape(tools: readonly ToolDefinition[]): PathShape | null {
  const own = tools.find((tool) => tool.name === 'read_file' && usable(tool));
  if (own !== undefined) return pathShape([own], /./, /$^/);
  return pathShape(tools, /read|view|open|cat|get_?file|show/i, /media|image|binary|bytes|multiple/i);
}

/**
 * The batch read tool: one named like a read that takes a list of paths (`read_files`,
 * `read_multiple_files`), `null` when none is offered.
 *
 * @example
 * batchReadShape(tools); // { tool: 'read_files', param: 'paths', many: true }
 */
export function batchReadShape(tools: readonly ToolDefinition[]): PathShape | null {
  for (const tool of tools.filter((t) => usable(t) && /read|view|open|cat|get_?files?/i.test(t.name))) {
    const schema = schemaOf(tool);
    const many = PATHS_PARAMS.find((param) => isStringList(schema, param));
    if (many !== undefined && fillable(schema, [many]) !== null)
      return { tool: tool.name, param: many, many: true };
  }
  return null;
}

/**
 * The listing tool: one named like a listing (`list`, `ls`, `tree`, `dir`) taking a directory path;
 * a flat listing before a tree (its entries are paths a read can take).
 *
 * @example
 * listShape(tools); // { tool: 'list_directory', param: 'path', many: false }
 */
export function listShape(tools: readonly ToolDefinition[]): PathShape | null {
  const shape = pathShape(tools, /list|^ls$|tree|dir/i, /tree|sizes|allowed/i);
  return shape?.many === true ? null : shape;
}

/**
 * The words of a question worth searching for: lowercase, no stop words, at least three letters,
 * cut to their first five letters (`payments` and `payment` meet), distinct, in order.
 *
 * @example
 * questionWords('How does the payment client retry a charge?'); // ['payme', 'clien', 'retry', 'charg']
 */
export function questionWords(question: string): string[] {
  const words = question
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
    .map((word) => word.slice(0, 5));
  return [...new Set(words)];
}

/**
 * The search call for a question in the tool's own style: the question; its words; a glob naming
 * any path that contains one of them (`**∕*{payme,retry}*{,∕**}`: files and what folders hold); a
 * regex alternation.
 *
 * @example
 * searchCall({ tool: 'search_files', param: 'pattern', style: 'glob', fixed: { path: '.' } }, 'Where is tax computed?');
 * // { name: 'search_files', arguments: { path: '.', pattern: '**∕*{tax,compu}*{,∕**}' } }
 */
export function searchCall(
  shape: SearchShape,
  question: string,
  keep: (words: readonly string[]) => string[] = (words) => [...words],
): Call {
  const words = shape.style === 'question' ? [] : keep(questionWords(question));
  const value =
    shape.style === 'question'
      ? keptQuestion(question, keep)
      : words.length === 0
        ? question
        : shape.style === 'glob'
          ? `**/*${words.length === 1 ? words[0] : `{${words.join(',')}}`}*{,/**}`
          : shape.style === 'regex'
            ? words.join('|')
            : words.join(' ');
  return { name: shape.tool, arguments: { ...shape.fixed, [shape.param]: value } };
}

/**
 * The search call that looks for one literal string in the tool's own style: a glob matching a file
 * of that name at any depth (`**∕invoice.py`), a regex matching it literally, else the string as
 * the query.
 *
 * @example
 * literalSearchCall({ tool: 'search_files', param: 'pattern', style: 'glob', fixed: { path: '.' } }, 'invoice.py');
 * // { name: 'search_files', arguments: { path: '.', pattern: '**∕invoice.py' } }
 */
export function literalSearchCall(shape: SearchShape, text: string): Call {
  const value =
    shape.style === 'glob'
      ? `**/${text.replace(/[*?[\]{}!]/g, '\\$&')}`
      : shape.style === 'regex'
        ? text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        : text;
  return { name: shape.tool, arguments: { ...shape.fixed, [shape.param]: value } };
}

// The question with the content words `keep` drops left out (all of it when it drops none).
function keptQuestion(question: string, keep: (words: readonly string[]) => string[]): string {
  const tokens = question.split(/\s+/).filter((token) => token.length > 0);
  const content = tokens.filter((token) => questionWords(token).length > 0);
  const kept = new Set(keep(content));
  if (kept.size === content.length) return question;
  return tokens.filter((token) => questionWords(token).length === 0 || kept.has(token)).join(' ');
}

/**
 * Orders paths by how many of the question's words each contains (most first; ties keep their
 * order), so the file named like the question is read first.
 *
 * @example
 * byQuestionWords(['shop/cli.py', 'shop/payments/retry.py'], 'How does the payment retry?'); // ['shop/payments/retry.py', 'shop/cli.py']
 */
export function byQuestionWords(paths: readonly string[], question: string): string[] {
  const words = questionWords(question);
  const score = (path: string) => words.filter((word) => path.toLowerCase().includes(word)).length;
  return paths
    .map((path, index) => ({ path, index, score: score(path) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ path }) => path);
}
