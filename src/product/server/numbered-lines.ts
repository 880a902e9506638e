/**
 * Lines `start..end` (1-based, inclusive) of a file with their numbers right-aligned, the way
 * every tool shows source.
 *
 * @example
 * numberedLines(['a', 'b', 'c'], 2, 3); // '2  b\n3  c'
 */
export function numberedLines(lines: readonly string[], start: number, end: number): string {
  const width = String(end).length;
  const out: string[] = [];
  for (let line = start; line <= end; line += 1)
    out.push(`${String(line).padStart(width)}  ${lines[line - 1] ?? ''}`);
  return out.join('\n');
}

/**
 * Cuts a text to at most `maxBytes` UTF-8 bytes on a line boundary, saying so on a last line.
 *
 * @example
 * capBytes('one\ntwo\nthree', 8); // 'one\ntwo\n… cut at 8 bytes (the result was 13 bytes)'
 */
export function capBytes(text: string, maxBytes: number): string {
  const total = Buffer.byteLength(text);
  if (total <= maxBytes) return text;
  const cut = Buffer.from(text).subarray(0, maxBytes).toString('utf8');
  const lastNewline = cut.lastIndexOf('\n');
  const kept = lastNewline > 0 ? cut.slice(0, lastNewline) : cut.replace(/\uFFFD$/, '');
  return `${kept}\n… cut at ${maxBytes} bytes (the result was ${total} bytes)`;
}
