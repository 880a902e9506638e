/** The languages the index cuts by structure; everything else is cut into line windows. */
export type Language = 'python' | 'typescript' | 'javascript' | 'go' | 'markdown' | 'text';

const BY_EXTENSION: Record<string, Language> = {
  py: 'python',
  pyi: 'python',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  go: 'go',
  md: 'markdown',
  markdown: 'markdown',
};

/**
 * The language of a file, by its extension.
 *
 * @example
 * languageOf('pkg/mod.py'); // 'python'
 * languageOf('Makefile'); // 'text'
 */
export function languageOf(path: string): Language {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return 'text';
  return BY_EXTENSION[path.slice(dot + 1).toLowerCase()] ?? 'text';
}

/**
 * Python's dotted module name for a file: its package chain is the run of parent directories
 * holding an `__init__.py`; a file outside any package is a top-level module.
 *
 * @example
 * pythonModule('src/shop/cart.py', new Set(['src/shop'])); // 'shop.cart'
 * pythonModule('src/shop/__init__.py', new Set(['src/shop'])); // 'shop'
 */
export function pythonModule(path: string, packageDirs: ReadonlySet<string>): string {
  const parts = path.replace(/\.pyi?$/, '').split('/');
  const stem = parts.pop()!;
  const chain: string[] = [];
  while (parts.length > 0 && packageDirs.has(parts.join('/'))) chain.unshift(parts.pop()!);
  if (stem !== '__init__') chain.push(stem);
  return chain.join('.') || stem;
}

/**
 * The group a file's pieces are searched under with `kind: code | docs`: documentation (markdown
 * and plain-text formats) or source.
 *
 * @example
 * fileGroup('docs/guide.md'); // 'docs'
 */
export function fileGroup(path: string): 'code' | 'docs' {
  return languageOf(path) === 'markdown' || /\.(txt|rst|adoc)$/i.test(path) ? 'docs' : 'code';
}
