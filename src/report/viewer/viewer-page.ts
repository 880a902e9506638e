import { createHash } from 'node:crypto';
import { escapeHtml as h, scriptJson } from './embed.js';
import { VIEWER_STYLE } from './viewer-style.js';

/** What a page of any run kind gives the shell: its text, its body, its one script and the data that script reads. */
export interface ViewerPageParts {
  title: string;
  /** One line under the title (HTML-escaped here). */
  lead: string;
  /** The page's sections, already HTML (every value escaped by the page that built them). */
  body: string;
  /** The page's one script; allowed by its hash and nothing else. */
  script: string;
  /** `<script type="application/json" id=...>` payloads, before the script (`before`) or after it (`after`, read on demand). */
  data?: { before?: Record<string, unknown>; after?: Record<string, unknown> };
}

function dataBlocks(blocks: Record<string, unknown> | undefined): string {
  return Object.entries(blocks ?? {})
    .map(([id, value]) => `<script type="application/json" id="${h(id)}">${scriptJson(value)}</script>\n`)
    .join('');
}

/**
 * The one HTML shell every viewer page is written through: a strict Content-Security-Policy (no
 * request leaves the page; only its own script, by its sha256, may run), the one stylesheet, the
 * body, the data as escaped JSON and the script. One self-contained file.
 *
 * @example
 * viewerPage({ title: 'rung', lead: '3 tasks', body: '<section>...</section>', script: PAGE_SCRIPT });
 */
export function viewerPage(parts: ViewerPageParts): string {
  const scriptHash = createHash('sha256').update(parts.script).digest('base64');
  const csp = `default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(parts.title)} - agent-track</title>
<style>${VIEWER_STYLE}</style>
</head>
<body>
<header><h1>${h(parts.title)}</h1><p class="muted">${h(parts.lead)}</p></header>
${parts.body}
${dataBlocks(parts.data?.before)}<script>${parts.script}</script>
${dataBlocks(parts.data?.after)}</body>
</html>
`;
}
