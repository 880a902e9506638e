import { gzipSync } from 'node:zlib';

/**
 * A text as the page carries a compressed payload: gzip, then base64 (only `A-Z a-z 0-9 + / =`, so
 * nothing in it can end a script element). The page expands it with `DecompressionStream('gzip')`.
 *
 * @example
 * packText('def f(): ...'); // 'H4sIAAAAAAAA...'
 */
export function packText(text: string): string {
  return gzipSync(Buffer.from(text, 'utf8'), { level: 9 }).toString('base64');
}

const UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * JSON that is safe inside `<script type="application/json">`: `<`, `>`, `&` and the two line
 * separators are written as `\uXXXX` escapes, so no value (a tool result holding `</script>`, an
 * HTML comment opener) can end the element or change how the HTML parser reads it. `JSON.parse`
 * gives the same value back.
 *
 * @example
 * scriptJson({ text: '</script>' }); // '{"text":"\\u003c/script\\u003e"}'
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text for an HTML element body or a quoted attribute value.
 *
 * @example
 * escapeHtml('<b>"x"</b>'); // '&lt;b&gt;&quot;x&quot;&lt;/b&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
