/** A ready-made follow-up call a result offers: the tool and the arguments to call it with. */
export interface Pointer {
  /** How the call relates to this result: `then` (a next step) or `together` (one batch call). */
  label: 'then' | 'together';
  tool: string;
  args: Record<string, unknown>;
}

/**
 * A pointer as the text line a result ends with: `label: → tool(key=value, ...)`, each value as
 * JSON, keys in the order given.
 *
 * @example
 * pointerLine({ label: 'then', tool: 'read_file', args: { path: 'a/b.py', start: 10, end: 40 } });
 * // 'then: → read_file(path="a/b.py", start=10, end=40)'
 */
export function pointerLine(pointer: Pointer): string {
  const args = Object.entries(pointer.args)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(', ');
  return `${pointer.label}: → ${pointer.tool}(${args})`;
}

/** Drops pointers that repeat an earlier one (same tool and arguments). */
export function distinctPointers(pointers: readonly Pointer[]): Pointer[] {
  const seen = new Set<string>();
  return pointers.filter((pointer) => {
    const key = `${pointer.tool}${JSON.stringify(pointer.args)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
