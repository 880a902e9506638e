import { type Stats, statSync } from 'node:fs';
import type { Command } from 'commander';
import {
  AgentTrackError,
  CONFIRMED_SPEND_ENV,
  invalidOption,
  MAX_TIMEOUT_SECONDS,
  parseQueueUrl,
  type QueueTarget,
} from '../core/index.js';
import type { DetectSpec } from '../optimize/index.js';
import { parseMargin, ruleRow } from '../report/index.js';
import { loadToolRoles, METRIC_COLUMNS, type ToolRoles } from '../trajectory/index.js';

/**
 * The one place a CLI flag's text becomes a value. Each parser is given to commander with its
 * option (`.option('--max-usd <x>', '...', dollars('--max-usd'))`), so a bad value is refused by
 * flag and value while the command line is parsed, before any action starts: `--max-usd abc` never
 * reaches a plan, a worktree or a model.
 */
export type FlagParser<T> = (text: string) => T;

/** The agent graph variants (`agent/loop/architecture.ts`), repeated here so parsing flags loads no agent code. */
export const ARCHITECTURES = ['react', 'rewrite'] as const;

const isInteger = (text: string) => /^\d+$/.test(text.trim());

/**
 * A positive integer (`--concurrency 8`).
 *
 * @example
 * positiveInteger('--concurrency')('0'); // throws: Expected the `--concurrency` option to be a positive integer, got `0` (string)
 */
export function positiveInteger(option: string): FlagParser<number> {
  return (text) => {
    const value = Number(text);
    if (!isInteger(text) || !Number.isSafeInteger(value) || value < 1) {
      throw invalidOption(option, 'a positive integer', text);
    }
    return value;
  };
}

/** A non-negative integer, at most `max` when given (`--port 0`). */
export function nonNegativeInteger(option: string, max?: number): FlagParser<number> {
  return (text) => {
    const value = Number(text);
    if (!isInteger(text) || !Number.isSafeInteger(value) || (max !== undefined && value > max)) {
      throw invalidOption(
        option,
        max === undefined ? 'a non-negative integer' : `an integer from 0 to ${max}`,
        text,
      );
    }
    return value;
  };
}

/**
 * A repeatable `METRIC=VALUE` margin (`--margin needle_reached=0.05`), collected into one record;
 * the metric must be a report row and the value above 0 (`parseMargin`).
 */
export function margins(option: string, keys?: readonly string[]) {
  return (text: string, previous: Record<string, number> = {}): Record<string, number> => {
    const [key, value] = parseMargin(option, text, keys);
    return { ...previous, [key]: value };
  };
}

const VALUE = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/;

/**
 * Reads one `--detect` value into the spec so far (the flag repeats): `0.2` (every headline row,
 * absolute), `10%` (every row, a tenth of its baseline mean), `needless_call_rate=0.1` or
 * `usage.prompt=10%` (that row). A metric the report does not have, or a value that is not a
 * positive number or percentage, is refused by flag and value before any work.
 *
 * @example
 * detectSpec('usage.prompt=10%', detectSpec('0.2', undefined));
 * // { all: { value: 0.2, relative: false }, byKey: { 'usage.prompt': { value: 0.1, relative: true } } }
 */
export function detectSpec(text: string, previous: DetectSpec | undefined): DetectSpec {
  const spec: DetectSpec = { all: previous?.all ?? null, byKey: { ...previous?.byKey } };
  const at = text.lastIndexOf('=');
  const key = at < 0 ? null : text.slice(0, at).trim();
  const match = VALUE.exec(text.slice(at + 1).trim());
  const expected =
    'a positive number or percentage (`0.2`, `10%`), for one metric `METRIC=VALUE` (`needless_call_rate=0.1`, `usage.prompt=10%`)';
  if (match === null || Number(match[1]) <= 0) throw invalidOption('--detect', expected, text);
  if (key !== null && !METRIC_COLUMNS.some((column) => column.key === key))
    throw invalidOption(
      '--detect',
      `${expected}; \`${key}\` is not a metric of the report (${METRIC_COLUMNS.map((c) => c.key).join(', ')})`,
      text,
    );
  const effect = { value: Number(match[1]) / (match[2] === '%' ? 100 : 1), relative: match[2] === '%' };
  if (key === null) spec.all = effect;
  else spec.byKey[key] = effect;
  return spec;
}

/** `--primary METRIC` / `--guard METRIC`: a report row with a better direction (`ruleRow`), refused by option name otherwise. */
export function ruleMetric(option: string) {
  return (text: string): string => ruleRow(option, text).key;
}

// A path's stat: `undefined` when nothing is there, `unusable` when no path could be (empty, a NUL
// byte, a name too long, no permission to look).
function statOrUnusable(text: string): Stats | undefined | 'unusable' {
  if (text.trim() === '') return 'unusable';
  try {
    return statSync(text, { throwIfNoEntry: false });
  } catch {
    return 'unusable';
  }
}

/**
 * A path that must already be a file (`--config serving.yaml`) or a directory (`--workspace DIR`),
 * checked while the command line is parsed, so a typo is refused before any worktree or server.
 *
 * @example
 * existingPath('--config', 'file')('missing.yaml'); // throws: Expected the `--config` option to be an existing file, got `missing.yaml`
 */
export function existingPath(option: string, kind: 'file' | 'directory'): FlagParser<string> {
  return (text) => {
    const stat = statOrUnusable(text);
    const ok = stat !== 'unusable' && (kind === 'file' ? stat?.isFile() : stat?.isDirectory());
    if (ok !== true) throw invalidOption(option, `an existing ${kind}`, text);
    return text;
  };
}

/** A directory to use or create (`--cache-dir`): refused when it names something that is not one. */
export function directoryOrNew(option: string): FlagParser<string> {
  return (text) => {
    const stat = statOrUnusable(text);
    if (stat === 'unusable' || (stat !== undefined && !stat.isDirectory())) {
      throw invalidOption(option, 'a directory (existing, or to be made)', text);
    }
    return text;
  };
}

/** A positive number (`--timeout-seconds 1.5`). */
export function positiveNumber(option: string): FlagParser<number> {
  return (text) => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value <= 0) {
      throw invalidOption(option, 'a positive number', text);
    }
    return value;
  };
}

/** A time limit in seconds: positive, and no longer than a Node timer can wait (`MAX_TIMEOUT_SECONDS`). */
export function timeoutSeconds(option: string): FlagParser<number> {
  return (text) => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > MAX_TIMEOUT_SECONDS) {
      throw invalidOption(
        option,
        `a positive number of seconds, at most ${MAX_TIMEOUT_SECONDS} (24.8 days)`,
        text,
      );
    }
    return value;
  };
}

/** A judge-score difference on its 0..10 scale. */
export function scoreDifference(option: string): FlagParser<number> {
  return (text) => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 10)
      throw invalidOption(option, 'a score difference from 0 to 10 (the judge scores 0..10)', text);
    return value;
  };
}

/** A non-negative number; `what` words it in the refusal (`a non-negative score difference`). */
export function nonNegativeNumber(option: string, what = 'a non-negative number'): FlagParser<number> {
  return (text) => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value < 0) throw invalidOption(option, what, text);
    return value;
  };
}

/** Dollars: a ceiling, a booking, a price per million tokens. */
export function dollars(option: string): FlagParser<number> {
  return nonNegativeNumber(option, 'a non-negative number of dollars');
}

/**
 * `--spending NAME`: the looks' Lan-DeMets alpha spending, for every command that runs in looks.
 *
 * @example
 * spendingOption(program.command('compare')).option('--looks <k>', ...);
 */
export function spendingOption(command: Command): Command {
  return command.option(
    '--spending <name>',
    "the looks' Lan-DeMets alpha spending: obrien-fleming (default) or pocock",
    oneOf('--spending', ['obrien-fleming', 'pocock'] as const),
  );
}

/**
 * Declares the model's two prices (`--usd-per-1m-input`, `--usd-per-1m-output`), the same on every
 * command that books rollouts.
 *
 * @example
 * modelPriceOptions(command.option('--max-usd <x>', 'a ceiling', dollars('--max-usd')));
 */
export function modelPriceOptions(command: Command): Command {
  return command
    .option(
      '--usd-per-1m-input <x>',
      'input price, dollars per million tokens',
      dollars('--usd-per-1m-input'),
    )
    .option(
      '--usd-per-1m-output <x>',
      'output price, dollars per million tokens',
      dollars('--usd-per-1m-output'),
    );
}

/** Any integer (`--seed -3`). */
export function integer(option: string): FlagParser<number> {
  return (text) => {
    const value = Number(text);
    if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value)) {
      throw invalidOption(option, 'an integer', text);
    }
    return value;
  };
}

/**
 * One of a fixed list.
 *
 * @example
 * oneOf('--architecture', ARCHITECTURES)('plan'); // throws: ... to be one of `react`, `rewrite`, got `plan` (string)
 */
export function oneOf<T extends string>(option: string, allowed: readonly T[]): FlagParser<T> {
  return (text) => {
    if (!(allowed as readonly string[]).includes(text)) {
      throw invalidOption(option, `one of ${allowed.map((a) => `\`${a}\``).join(', ')}`, text);
    }
    return text as T;
  };
}

/** A repeatable flag: each use appends its value. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Tool roles: a profile by name (`default`, `claude-code`, `generic`) or a roles or manifest file. */
export function toolRoles(text: string): ToolRoles {
  try {
    return loadToolRoles(text);
  } catch (error) {
    if (!(error instanceof AgentTrackError)) throw error;
    throw new AgentTrackError(error.code, `\`--tools\`: ${error.message}`, {
      data: { ...error.data, option: '--tools' },
      cause: error,
    });
  }
}

/** How one agent run is shaped, as `ask` and `harness run` both take it. */
export interface AgentRunFlags {
  architecture: (typeof ARCHITECTURES)[number];
  turnBudget: number;
  timeoutSeconds: number;
}

/**
 * Adds the flags of one agent run to a command: `--architecture`, `--turn-budget`,
 * `--timeout-seconds` (`timeoutHelp` words the last).
 *
 * @example
 * agentRunOptions(command.option('--tasks <file>', 'tasks.jsonl'), 'per-task time limit');
 */
export function agentRunOptions(command: Command, timeoutHelp: string): Command {
  return command
    .option(
      '--architecture <name>',
      `agent graph: ${ARCHITECTURES.join(' or ')}`,
      oneOf('--architecture', ARCHITECTURES),
      'react',
    )
    .option(
      '--turn-budget <n>',
      'tool-calling turns before one final turn without tools',
      positiveInteger('--turn-budget'),
      12,
    )
    .option('--timeout-seconds <s>', timeoutHelp, timeoutSeconds('--timeout-seconds'), 600);
}

/**
 * Refuses, before any request, a command that would call a model other than the offline stand-in
 * without `--confirm-spend` (or the campaign's `CONFIRMED_SPEND_ENV`): any model through a block
 * may be paid, a local proxy included.
 *
 * @example
 * assertSpendConfirmed('ask', { model: 'gpt-4.1-mini', confirmSpend: false }); // throws SPEND_NOT_CONFIRMED
 */
export function assertSpendConfirmed(
  command: string,
  flags: { model: string; confirmSpend?: boolean },
  env: Readonly<Record<string, string | undefined>> = process.env,
): void {
  if (flags.model === 'offline' || flags.confirmSpend === true || env[CONFIRMED_SPEND_ENV] === '1') return;
  throw new AgentTrackError(
    'SPEND_NOT_CONFIRMED',
    `\`${command}\` with \`--model ${flags.model}\` calls a model that may cost money: add --confirm-spend to run it (nothing was sent)`,
    { data: { command, model: flags.model } },
  );
}

/**
 * A queue: `redis://HOST:PORT/DB` (`--queue`), with no password in it.
 *
 * @example
 * queueUrl('--queue')('redis://127.0.0.1:6379/0').port; // 6379
 */
export function queueUrl(option: string): FlagParser<QueueTarget> {
  return (text) => parseQueueUrl(text, option);
}

/**
 * A regular expression a failed tool result matches (`--error-pattern '^(Error|FAILED)'`): a
 * JavaScript pattern, refused by flag and value when it does not compile or matches the empty text
 * (it would make every call failed).
 *
 * @example
 * errorPattern('--error-pattern')('(unclosed'); // throws: Expected the `--error-pattern` option to be a valid regular expression ...
 */
export function errorPattern(option: string): FlagParser<RegExp> {
  return (text) => {
    let pattern: RegExp;
    try {
      pattern = new RegExp(text);
    } catch (error) {
      throw invalidOption(option, `a valid regular expression (${(error as Error).message})`, text);
    }
    if (pattern.test('')) throw invalidOption(option, 'a pattern that the empty text does not match', text);
    return pattern;
  };
}
