/** How many items a named vega mark drew in an SVG (`<g class="mark-... <name>_marks">`). */
export function countMarks(svg: string, name: string): number {
  const groups = svg.matchAll(new RegExp(`<g class="mark-\\w+ role-mark ${name}_marks"[^>]*>(.*?)</g>`, 'g'));
  let count = 0;
  for (const group of groups) count += (group[1]!.match(/role="graphics-symbol"/g) ?? []).length;
  return count;
}

/** A PNG's pixel size from its IHDR chunk, after checking the 8-byte signature. */
export function pngSize(png: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!png.subarray(0, 8).equals(signature)) throw new Error('not a PNG');
  if (png.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('PNG without IHDR first');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
