import { Buffer } from 'node:buffer';
import type { ToolEvent } from '../schema.js';
import type { Trajectory } from '../trajectory.js';
import { LastTrajectoryMemo } from './last-trajectory.js';

// Blob texts read for the last trajectory, so that two metrics needing one result read its blob once.
const textsOf = new LastTrajectoryMemo<Map<ToolEvent, string>>();

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
 * resultText(trajectory, event).length; // event.bytes when the blob is held
 */
export function resultText(trajectory: Trajectory, event: ToolEvent): string {
  if (previewIsWhole(event)) return event.preview;
  const texts = textsOf.get(trajectory, () => new Map());
  const cached = texts.get(event);
  if (cached !== undefined) return cached;
  const text = trajectory.blobs.read(event.blob) ?? event.preview;
  texts.set(event, text);
  return text;
}
