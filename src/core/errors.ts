/**
 * The one error class every layer throws. `code` is a stable SCREAMING_SNAKE string a caller can
 * switch on; `data` carries the values the message names; `cause` keeps the original error.
 *
 * @example
 * throw new AgentTrackError('INVALID_OPTION', 'Expected the `resamples` option to be a positive integer, got `0` (number)', {
 *   data: { option: 'resamples', value: 0 },
 * });
 */
export class AgentTrackError extends Error {
  readonly code: string;
  readonly data: Readonly<Record<string, unknown>>;

  constructor(
    code: string,
    message: string,
    options: { data?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(printable(message), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AgentTrackError';
    this.code = code;
    this.data = Object.freeze({ ...options.data });
  }
}

/**
 * A message as it may reach a terminal or a log: control characters (binary input, a terminal
 * escape sequence an input carried) written as `\xNN` / `\uNNNN`, so none is echoed raw. Line
 * breaks and tabs stay.
 *
 * @example
 * printable('bad \u0000 and \u001b[31m'); // 'bad \\x00 and \\x1b[31m'
 */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffd]/g, (ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  });
}

/** Renders a received value the way every message names it: `value` (type). */
export function describeReceived(value: unknown): string {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  let shown: string;
  try {
    shown =
      typeof value === 'string' || typeof value === 'number' || value === undefined
        ? String(value)
        : (JSON.stringify(value) ?? String(value));
  } catch {
    // Nested too deep to stringify (a 100,000-deep array): never `String(value)`, which recurses too.
    shown = type === 'array' ? '[...] nested too deep to show' : '{...} nested too deep to show';
  }
  if (shown.length > 80) shown = `${shown.slice(0, 77)}...`;
  return `\`${shown}\` (${type})`;
}

/**
 * The error for an option that fails validation before any work starts.
 *
 * @example
 * invalidOption('alternative', "one of 'two-sided', 'greater', 'less'", 'up');
 * // Expected the `alternative` option to be one of 'two-sided', 'greater', 'less', got `up` (string)
 */
export function invalidOption(option: string, expected: string, received: unknown): AgentTrackError {
  return new AgentTrackError(
    'INVALID_OPTION',
    `Expected the \`${option}\` option to be ${expected}, got ${describeReceived(received)}`,
    { data: { option, received } },
  );
}
