/**
 * The error rule for tool results whose format carries no error flag (an OpenAI chat log's `role:
 * tool` reply, a call read from an OTel trace's chat messages): a result that opens, after white
 * space, with
 *
 * - `Traceback (most recent call last):` (a Python traceback), or
 * - an error or exception name right before a colon and a space or line end: `Error:`, `ERROR:`,
 *   `Exception:`, or a class name ending in `Error` / `Exception` (`ValueError:`,
 *   `json.decoder.JSONDecodeError:`, `java.io.IOException:`).
 *
 * Ordinary content is not fooled: the name must be the first word and meet its colon
 * (`Error handling: ...`, `Errors: 0`, `error: ...` in lower case, a log line
 * `2024-05-01 ERROR: ...`, JSON `{"error": ...}` and a numbered listing are all content).
 * `--error-pattern` (or the importers' `errorPattern`) replaces it.
 */
export const DEFAULT_ERROR_RULE =
  /^\s*(?:Traceback \(most recent call last\):|(?:[A-Za-z_][\w.]*)?(?:Error|Exception):|ERROR:)(?=\s|$)/;

/**
 * Whether a result's text makes its call failed by the error rule. `rule` `undefined` is the
 * default: `DEFAULT_ERROR_RULE` for a call whose format has no error flag, nothing for one whose
 * format has its own (`flagged`: MCP `isError`, Claude Code `is_error`, an OTel span status);
 * a pattern applies to every call (on top of a flag); `null` turns the rule off.
 *
 * @example
 * failsByRule('Error: flight HAT030 not available', undefined, false); // true
 * failsByRule('Error handling: see below', undefined, false);         // false
 * failsByRule('Error: x', undefined, true);                           // false: the flag decides
 * failsByRule('{"error": "x"}', /"error":/, true);                    // true
 */
export function failsByRule(text: string, rule: RegExp | null | undefined, flagged: boolean): boolean {
  if (rule === null) return false;
  if (rule === undefined) return !flagged && DEFAULT_ERROR_RULE.test(text);
  rule.lastIndex = 0;
  return rule.test(text);
}
