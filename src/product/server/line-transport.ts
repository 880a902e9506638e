import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The longest line read as one message (the SDK's stdio limit): a longer one is refused, not fatal. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** JSON-RPC 2.0's error codes the transport answers with itself. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;

type Id = string | number | null;

// An id a refused line still shows (a large request's opening, a request of the wrong version).
function idOf(value: unknown): Id {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

const ID_PREFIX = /"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")/;

function idFromPrefix(prefix: string): Id {
  const match = ID_PREFIX.exec(prefix);
  if (match === null) return null;
  try {
    return JSON.parse(match[1]!) as string | number;
  } catch {
    return null;
  }
}

// Why a parsed line is not a message the server can take, as a JSON-RPC error; null when it is.
function refusal(value: unknown): { code: number; message: string } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { code: INVALID_REQUEST, message: 'Invalid Request: a message is a JSON object' };
  }
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') {
    return {
      code: INVALID_REQUEST,
      message: `Invalid Request: \`jsonrpc\` must be "2.0", got ${JSON.stringify(message.jsonrpc) ?? 'nothing'}`,
    };
  }
  // A response to a request of the server's own (a result or an error) carries no method.
  const request = 'id' in message && !('result' in message) && !('error' in message);
  if (request && typeof message.id !== 'string' && typeof message.id !== 'number') {
    return {
      code: INVALID_REQUEST,
      message: `Invalid Request: \`id\` must be a string or a number, got ${JSON.stringify(message.id)}`,
    };
  }
  if (request && typeof message.method !== 'string') {
    return {
      code: INVALID_REQUEST,
      message: `Invalid Request: \`method\` must be a string, got ${JSON.stringify(message.method) ?? 'nothing'}`,
    };
  }
  const params = message.params;
  if (
    request &&
    params !== undefined &&
    (typeof params !== 'object' || params === null || Array.isArray(params))
  ) {
    return {
      code: INVALID_PARAMS,
      message: `Invalid params: \`params\` must be an object, got ${Array.isArray(params) ? 'an array' : JSON.stringify(params)}`,
    };
  }
  if (message.method === 'tools/call' && 'id' in message) {
    const params = message.params as Record<string, unknown> | undefined;
    if (typeof params !== 'object' || params === null) {
      return { code: INVALID_PARAMS, message: 'Invalid params: `tools/call` needs `params` with `name`' };
    }
    if (typeof params.name !== 'string') {
      return { code: INVALID_PARAMS, message: 'Invalid params: `params.name` (a string) is missing' };
    }
  }
  return null;
}

/**
 * MCP over stdio, one JSON-RPC message a line, that answers what it cannot take instead of
 * stopping: a line past `MAX_LINE_BYTES` (-32600, its id when its opening shows one; the rest of
 * the line skipped), a line that is not JSON (-32700), not JSON-RPC 2.0 (-32600), a request whose
 * id is no string or number or whose method is no string (-32600), whose `params` is no object, or
 * a `tools/call` without its `name` (-32602); the server serves the next line either way. Writes wait for one
 * `drain` at a time, however many replies are queued behind it.
 *
 * @example
 * await server.connect(new LineTransport(process.stdin, process.stdout));
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Past the limit: the line's opening (for its id), and the rest is dropped up to its newline. */
  private skipping: string | null = null;
  private drained: Promise<void> | null = null;
  private readonly onData = (chunk: Buffer) => this.read(chunk);
  private readonly onError = (error: Error) => this.onerror?.(error);

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onError);
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onError);
    this.chunks = [];
    this.size = 0;
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    while (this.drained !== null) await this.drained;
    if (!this.output.write(`${JSON.stringify(message)}\n`)) {
      this.drained = new Promise((resolve) =>
        this.output.once('drain', () => {
          this.drained = null;
          resolve();
        }),
      );
    }
  }

  private read(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      const newline = chunk.indexOf(10, at);
      const end = newline === -1 ? chunk.length : newline;
      const piece = chunk.subarray(at, end);
      if (this.skipping !== null) {
        if (newline !== -1) this.refuseLarge();
      } else if (this.size + piece.length > this.maxLineBytes) {
        const opening = Buffer.concat([...this.chunks, piece])
          .subarray(0, 4096)
          .toString('utf8');
        this.chunks = [];
        this.size = 0;
        this.skipping = opening;
        if (newline !== -1) this.refuseLarge();
      } else if (newline === -1) {
        this.chunks.push(piece);
        this.size += piece.length;
      } else {
        const line = Buffer.concat([...this.chunks, piece]).toString('utf8');
        this.chunks = [];
        this.size = 0;
        this.take(line.replace(/\r$/, ''));
      }
      at = end + 1;
    }
  }

  private refuseLarge(): void {
    const id = idFromPrefix(this.skipping ?? '');
    this.skipping = null;
    this.answer(
      id,
      INVALID_REQUEST,
      `Invalid Request: a message over ${this.maxLineBytes} bytes is not read`,
    );
  }

  private take(line: string): void {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.answer(null, PARSE_ERROR, 'Parse error: the line is not JSON');
      return;
    }
    const refused = refusal(value);
    if (refused !== null) {
      this.answer(idOf(value), refused.code, refused.message);
      return;
    }
    this.onmessage?.(value as JSONRPCMessage);
  }

  private answer(id: Id, code: number, message: string): void {
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}
