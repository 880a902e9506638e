import { invalidOption } from '../../core/index.js';

/** The default cap on a ToolEvent's `preview`, in UTF-8 bytes. */
export const DEFAULT_PREVIEW_BYTES = 2048;

/**
 * The first `maxBytes` UTF-8 bytes of a text, cut back to a code-point boundary so the preview
 * never ends in half a character. Only the head of the text is encoded, so a large result costs
 * no more than a small one.
 *
 * @example
 * previewOf('héllo', 2); // 'h' (the two bytes of 'é' do not both fit)
 */
export function previewOf(text: string, maxBytes: number = DEFAULT_PREVIEW_BYTES): string {
  if (!Number.isInteger(maxBytes) || maxBytes < 0) {
    throw invalidOption('maxBytes', 'a non-negative integer', maxBytes);
  }
  // A UTF-16 code unit encodes to at least one byte, so maxBytes units cover at least maxBytes bytes.
  let head = text.length > maxBytes ? text.slice(0, maxBytes) : text;
  const last = head.charCodeAt(head.length - 1);
  if (head.length < text.length && last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1);
  const bytes = Buffer.from(head, 'utf8');
  if (bytes.length <= maxBytes) return head;
  let cut = maxBytes;
  // Step back over continuation bytes (10xxxxxx) to the start of the code point that straddles the cap.
  while (cut > 0 && ((bytes[cut] ?? 0) & 0xc0) === 0x80) cut -= 1;
  return bytes.subarray(0, cut).toString('utf8');
}
