import { setFlagsFromString } from 'node:v8';

/**
 * Turns on V8's linear-time regular-expression engine (the `l` flag) for this process: a pattern
 * runs in time linear in the text whatever it is, so no pattern a model writes can freeze the
 * server (`safeRegex`). The bundled server's launcher calls it before it compiles the bundle too:
 * V8 takes a code cache only under the flags it was made under, and the cache is made at exit.
 *
 * @example
 * enableLinearRegExp(); new RegExp('(a+)+$', 'l');
 */
export function enableLinearRegExp(): void {
  setFlagsFromString('--enable-experimental-regexp-engine');
}
