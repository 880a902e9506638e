import { Buffer } from 'node:buffer';
import type { ToolEvent } from '../schema.js';
import type { BlobReader } from '../trajectory.js';

// Blob texts read in this pass, so that two metrics needing one result read its blob once.
const texts = new WeakMap<ToolEvent, string>();

/**
 * Whether a call's preview holds its whole result. A string's UTF-8 length lies between its length
 * and three times it, so most previews are decided without counting bytes.
 */
export function previewIsWhole(event: ToolEvent): boolean {
  const length = event.preview.length;
  if (length >= event.bytes) return true;
  if (3 * length < event.bytes) return false;
  return Buffer.byteLength(event.preview, 'utf8') >= event.bytes;
}

/**
 * The full text of a call's result: the preview when it is whole, else the blob, else (a store that
 * did not keep the blob) the preview.
 *
 * @example
 * resultText(event, trajectory.blobs).length; // event.bytes when the blob is held
 */
export function resultText(event: ToolEvent, blobs: BlobReader): string {
  if (previewIsWhole(event)) return event.preview;
  const cached = texts.get(event);
  if (cached !== undefined) return cached;
  const text = blobs.read(event.blob) ?? event.preview;
  texts.set(event, text);
  return text;
}
