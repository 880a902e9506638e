import type { OtlpAnyValue, OtlpKeyValue } from './schema.js';

/** An OTLP `AnyValue` as plain JSON: an `intValue` string becomes a number, a kvlist an object. */
export function anyValue(value: OtlpAnyValue | undefined): unknown {
  if (value === undefined) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (value.bytesValue !== undefined) return value.bytesValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(anyValue);
  if (value.kvlistValue !== undefined) return attributeMap(value.kvlistValue.values);
  return undefined;
}

/** An attribute list as a map from key to plain value (a repeated key: the last wins, as in the SDKs). */
export function attributeMap(attributes: readonly OtlpKeyValue[] | undefined): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  for (const { key, value } of attributes ?? []) map[key] = anyValue(value);
  return map;
}

/** The attribute as a string: a string as is, any other value as JSON; `undefined` when absent. */
export function stringAttribute(map: Record<string, unknown>, key: string): string | undefined {
  const value = map[key];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A value when it is a string, else `undefined` (a message part's `id`, `name`, ...). */
export const stringOr = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The attribute as a non-negative integer; `undefined` when absent or not a count. */
export function countAttribute(map: Record<string, unknown>, key: string): number | undefined {
  const value = map[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * OpenInference flattens lists into indexed keys (`llm.output_messages.0.message.content`): the
 * values under `prefix.N.` gathered back into one object per index, in index order.
 *
 * @example
 * indexedList({ 'm.0.message.role': 'user', 'm.1.message.role': 'assistant' }, 'm'); // [{'message.role': 'user'}, {'message.role': 'assistant'}]
 */
export function indexedList(map: Record<string, unknown>, prefix: string): Record<string, unknown>[] {
  const byIndex = new Map<number, Record<string, unknown>>();
  for (const [key, value] of Object.entries(map)) {
    const match = key.startsWith(`${prefix}.`) ? /^(\d+)\.(.+)$/.exec(key.slice(prefix.length + 1)) : null;
    if (match === null) continue;
    const index = Number(match[1]);
    const entry = byIndex.get(index) ?? {};
    entry[match[2]!] = value;
    byIndex.set(index, entry);
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
}
