import {
  isoTimeSchema,
  type ModelMessage,
  type ModelTurns,
  OUTCOMES,
  type ToolEvent,
  type TrajectoryResult,
} from './schema.js';

/*
 * Precompiled checks of the trajectory schemas for the hot path of the reader. Each accepts only
 * values its zod schema accepts unchanged (same strictness: unknown keys, safe integers, finite
 * numbers, the same patterns), so an accepted JSON value is used as it is. A refused one goes to
 * the zod schema, which words the error (or, for the rare value only zod accepts, such as a record
 * with a `__proto__` key that zod strips, parses it). test/trajectory/schema-guards.test.ts runs
 * both over valid lines and a table of invalid ones.
 */

const SHA256 = /^[0-9a-f]{64}$/;
const SEQ_KEY = /^\d+$/;
const OUTCOME_SET: ReadonlySet<unknown> = new Set(OUTCOMES);

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
// A record's keys are copied by zod, which strips `__proto__`: leave such a value to zod.
const isRecord = (v: unknown): v is Json =>
  isObject(v) && Object.getPrototypeOf(v) === Object.prototype && !Object.hasOwn(v, '__proto__');
const isText = (v: unknown): v is string => typeof v === 'string';
// `Date#toISOString`'s own form (`2026-12-06T05:27:00.000Z`) naming a real instant is a time zod
// accepts; any other form asks zod. Checked field by field: the same verdict as a round trip
// through `Date` (test/trajectory/schema-guards.test.ts), at a twentieth of its cost.
const ISO_FAST = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const twoDigits = (v: string, at: number) => (v.charCodeAt(at) - 48) * 10 + v.charCodeAt(at + 1) - 48;
function isIsoInstant(v: string): boolean {
  if (!ISO_FAST.test(v)) return false;
  const year = twoDigits(v, 0) * 100 + twoDigits(v, 2);
  const month = twoDigits(v, 5);
  const day = twoDigits(v, 8);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!)) return false;
  return twoDigits(v, 11) < 24 && twoDigits(v, 14) < 60 && twoDigits(v, 17) < 60;
}
const isTime = (v: unknown): v is string =>
  typeof v === 'string' && (isIsoInstant(v) || isoTimeSchema.safeParse(v).success);
const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isCount = (v: unknown): boolean => isInt(v) && v >= 0;
const isPositive = (v: unknown): boolean => isInt(v) && v > 0;
const isAmount = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isTexts = (v: unknown): boolean => Array.isArray(v) && v.every(isText);

function isRow(v: unknown): boolean {
  if (!isObject(v)) return false;
  let required = 0;
  for (const key in v) {
    const x = v[key];
    if (key === 'path') {
      if (!isText(x)) return false;
      required++;
    } else if (key === 'start' || key === 'end') {
      if (!isInt(x)) return false;
    } else if (key === 'name' || key === 'text') {
      if (!isText(x)) return false;
    } else return false;
  }
  return required === 1;
}

/** `toolEventSchema` accepts `value` as it is (a line of `events.jsonl`). */
export function isToolEvent(value: unknown): value is ToolEvent {
  if (!isObject(value)) return false;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'seq':
      case 'bytes':
        if (!isCount(v)) return false;
        break;
      case 'tool':
        if (!isName(v)) return false;
        break;
      case 'args':
        if (!isRecord(v)) return false;
        break;
      case 'ok':
        if (typeof v !== 'boolean') return false;
        break;
      case 'preview':
        if (!isText(v)) return false;
        break;
      case 'blob':
        if (!isText(v) || !SHA256.test(v)) return false;
        break;
      case 'identifiers':
        if (!isTexts(v)) return false;
        break;
      case 'started_at':
        if (v !== null && !isTime(v)) return false;
        break;
      case 'duration_ms':
        if (v !== null && !isAmount(v)) return false;
        break;
      case 'args_raw':
      case 'error':
        if (!isText(v)) return false;
        continue;
      case 'rows':
        if (!Array.isArray(v) || !v.every(isRow)) return false;
        continue;
      default:
        return false;
    }
    required++;
  }
  return required === 10;
}

function isUsage(v: unknown): boolean {
  if (!isObject(v)) return false;
  let required = 0;
  for (const key in v) {
    if (!isCount(v[key])) return false;
    if (key === 'prompt' || key === 'completion') required++;
    else if (key !== 'reasoning' && key !== 'cached') return false;
  }
  return required === 2;
}

function isToolCallRef(v: unknown): boolean {
  if (!isObject(v)) return false;
  let keys = 0;
  for (const key in v) {
    if ((key !== 'id' && key !== 'name') || !isText(v[key])) return false;
    keys++;
  }
  return keys === 2;
}

/** `modelMessageSchema` accepts `value` as it is (a line of `messages.jsonl`). */
export function isModelMessage(value: unknown): value is ModelMessage {
  if (!isObject(value)) return false;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'id':
        if (!isName(v)) return false;
        break;
      case 'turn':
        if (!isPositive(v)) return false;
        break;
      case 'finish_reason':
        if (v !== null && !isText(v)) return false;
        break;
      case 'content':
        if (!isText(v)) return false;
        break;
      case 'tool_calls':
        if (!Array.isArray(v) || !v.every(isToolCallRef)) return false;
        break;
      case 'usage':
        if (!isUsage(v)) return false;
        continue;
      case 'cost_usd':
        if (!isAmount(v)) return false;
        continue;
      default:
        return false;
    }
    required++;
  }
  return required === 5;
}

function isTurnEntry(v: unknown): boolean {
  if (!isObject(v)) return false;
  let keys = 0;
  for (const key in v) {
    if (key === 'message_id') {
      if (!isName(v[key])) return false;
    } else if (key !== 'turn' || !isPositive(v[key])) return false;
    keys++;
  }
  return keys === 2;
}

/** `modelTurnsSchema` accepts `value` as it is (`model_turns.json`). */
export function isModelTurns(value: unknown): value is ModelTurns {
  if (!isRecord(value)) return false;
  for (const key in value) if (!SEQ_KEY.test(key) || !isTurnEntry(value[key])) return false;
  return true;
}

/** `trajectoryResultSchema` accepts `value` as it is (`result.json`). */
export function isTrajectoryResult(value: unknown): value is TrajectoryResult {
  if (!isObject(value)) return false;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'answer':
        if (v !== null && !isText(v)) return false;
        break;
      case 'started_at':
        if (v !== null && !isTime(v)) return false;
        break;
      case 'outcome':
        if (!OUTCOME_SET.has(v)) return false;
        break;
      case 'turn_budget':
        if (v !== null && !isPositive(v)) return false;
        break;
      case 'turns':
        if (!isCount(v)) return false;
        break;
      case 'timed_out':
        if (typeof v !== 'boolean') return false;
        break;
      case 'duration_ms':
        if (v !== null && !isAmount(v)) return false;
        break;
      case 'task_id':
        if (!isName(v)) return false;
        continue;
      case 'cost_usd':
        if (!isAmount(v)) return false;
        continue;
      case 'usage':
        if (!isUsage(v)) return false;
        continue;
      case 'error':
      case 'patch':
        if (!isText(v)) return false;
        continue;
      default:
        return false;
    }
    required++;
  }
  return required === 7;
}
