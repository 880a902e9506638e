/** A line being masked: `blank` spans of it, then `text()` is the line with each blanked character a space. */
export interface BlankedLine {
  blank(from: number, to: number): void;
  text(): string;
}

/**
 * A line rebuilt from its code slices and a space for each character blanked (no per-character
 * array: the masks run over every line of a corpus). Spans are blanked left to right.
 *
 * @example
 * const line = blankedLine('x = "a" # c'); line.blank(4, 7); line.blank(8, 11); line.text(); // 'x =' and 8 spaces
 */
export function blankedLine(line: string): BlankedLine {
  let out = '';
  let last = 0;
  return {
    blank(from, to) {
      const end = Math.min(to, line.length);
      out += line.slice(last, from) + ' '.repeat(end - from);
      last = end;
    },
    text: () => out + line.slice(last),
  };
}
