import type { Stream } from 'node:stream';

/** The last bytes a process wrote to stderr, kept for the message when it dies. */
export interface StderrTail {
  text: () => string;
  /** Resolves when the stream has ended, or after `waitMs` (a dead process flushes late). */
  settled: (waitMs: number) => Promise<void>;
}

/**
 * Keeps the last `maxBytes` of a stderr stream (default 2 KiB), cut at a line start when it can.
 *
 * @example
 * const tail = stderrTail(transport.stderr, 2048); tail.text(); // 'Error: bundle missing\n'
 */
export function stderrTail(stream: Stream | null, maxBytes = 2048): StderrTail {
  let buffer = '';
  let ended = stream === null;
  const done = new Set<() => void>();
  stream?.on('data', (chunk: Buffer | string) => {
    buffer += chunk.toString();
    if (buffer.length > maxBytes * 2) buffer = buffer.slice(-maxBytes);
  });
  stream?.on('end', () => {
    ended = true;
    for (const resolve of done) resolve();
  });
  return {
    text: () => {
      if (buffer.length <= maxBytes) return buffer;
      const cut = buffer.slice(-maxBytes);
      const newline = cut.indexOf('\n');
      return newline >= 0 && newline < cut.length - 1 ? cut.slice(newline + 1) : cut;
    },
    settled: (waitMs) =>
      ended
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(finish, waitMs);
            function finish(): void {
              clearTimeout(timer);
              done.delete(finish);
              resolve();
            }
            done.add(finish);
          }),
  };
}
