import type { CutContext, SymbolSpan } from './types.js';

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to dashes. */
export function slugOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/**
 * Markdown sections: each heading (outside fenced code) starts a section that runs to the next
 * heading. Qualified names are `path#slug`.
 *
 * @example
 * cutMarkdown(['# Guide', 'intro', '## Install', 'npm i'], { path: 'docs/guide.md' });
 * // [{ kind: 'section', name: 'Guide', qualified: 'docs/guide.md#guide', start: 1, end: 2, ... },
 * //  { kind: 'section', name: 'Install', qualified: 'docs/guide.md#install', start: 3, end: 4, ... }]
 */
export function cutMarkdown(lines: readonly string[], context: CutContext): SymbolSpan[] {
  const heads: { line: number; name: string }[] = [];
  let fenced = false;
  lines.forEach((line, i) => {
    if (FENCE.test(line)) fenced = !fenced;
    const match = fenced ? null : HEADING.exec(line);
    if (match) heads.push({ line: i, name: match[2]! });
  });
  const seen = new Map<string, number>();
  return heads.map((head, k) => {
    let end = (heads[k + 1]?.line ?? lines.length) - 1;
    while (end > head.line && lines[end]!.trim() === '') end -= 1;
    const slug = slugOf(head.name);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    return {
      kind: 'section' as const,
      name: head.name,
      qualified: `${context.path}#${count === 0 ? slug : `${slug}-${count}`}`,
      start: head.line + 1,
      end: end + 1,
      signature: lines[head.line]!.trim(),
    };
  });
}
