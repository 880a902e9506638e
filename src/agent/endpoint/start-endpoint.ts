import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentTrackError, issueMessage } from '../../core/index.js';
import type { ChatMessage } from '../llm/providers/chat-provider.js';
import { embeddingsReply } from './embeddings-route.js';
import type { Policy, PolicyRequest, PolicyTurn } from './policy.js';
import { renderReply } from './render-turn.js';
import { rerankReply } from './rerank-route.js';
import { resolvePolicy } from './resolve-policy.js';
import { anthropicError, anthropicRequestSchema, fromAnthropicRequest } from './wire-anthropic.js';
import { fromOpenAIRequest, openAIError, openAIRequestSchema } from './wire-openai.js';

/** One request the endpoint saw (headers are never kept: they hold the key). */
export interface EndpointRequest {
  /** 0-based completion index, or null for anything else (`GET /v1/models`, a 404). */
  index: number | null;
  method: string;
  path: string;
  status: number;
  /** The parsed JSON body, when there was one. */
  body: unknown;
}

export interface EndpointOptions {
  /** `offline`, `script:FILE`, or a Policy object. */
  policy: string | Policy;
  /** 0 (default) picks a free port. */
  port?: number;
}

export interface RunningEndpoint {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** The `base_url` for provider `openai`: `${url}/v1`. */
  openaiBaseUrl: string;
  /** The `base_url` for provider `anthropic`: `${url}` (the SDK appends `/v1/messages`). */
  anthropicBaseUrl: string;
  /** Every request so far, in arrival order. */
  requests: readonly EndpointRequest[];
  close(): Promise<void>;
}

// Tool results carry the name of the call they answer, so a policy can tell a search result apart.
function attachToolNames(messages: ChatMessage[]): ChatMessage[] {
  const names = new Map<string, string>();
  return messages.map((message) => {
    if (message.role === 'assistant')
      for (const call of message.tool_calls ?? []) names.set(call.id, call.name);
    if (message.role !== 'tool' || message.name !== undefined) return message;
    const name = names.get(message.tool_call_id);
    return name === undefined ? message : { ...message, name };
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts the offline endpoint on 127.0.0.1: OpenAI chat completions (`POST /v1/chat/completions`,
 * `GET /v1/models`) and Anthropic messages (`POST /v1/messages`), non-streaming, answered by the
 * policy, and `POST /v1/embeddings` and `/v1/rerank` answered by the stand-in embedder
 * (`embeddingsReply`, `rerankReply`). Resolves once it listens.
 *
 * @example
 * const endpoint = await startEndpoint({ policy: 'offline' });
 * // block: { provider: 'openai', base_url: endpoint.openaiBaseUrl }
 * await endpoint.close();
 */
export async function startEndpoint(options: EndpointOptions): Promise<RunningEndpoint> {
  const policy = resolvePolicy(options.policy);
  const requests: EndpointRequest[] = [];
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let completions = 0;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => finish(), ms), resolve: () => finish() };
      const finish = () => {
        clearTimeout(entry.timer);
        timers.delete(entry);
        resolve();
      };
      timers.add(entry);
    });

  const send = (res: ServerResponse, record: EndpointRequest, status: number, body: unknown) => {
    record.status = status;
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const raw = await readBody(req);
    let body: unknown = null;
    try {
      body = raw.length > 0 ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    const wire = path.endsWith('/messages') ? 'anthropic' : 'openai';
    const isCompletion = req.method === 'POST' && /^(\/v1)?\/(chat\/completions|messages)$/.test(path);
    const record: EndpointRequest = {
      index: isCompletion ? completions++ : null,
      method: req.method ?? '',
      path,
      status: 0,
      body,
    };
    requests.push(record);
    const fail = (status: number, message: string) =>
      send(
        res,
        record,
        status,
        wire === 'anthropic' ? anthropicError(status, message) : openAIError(status, message),
      );
    if (req.method === 'GET' && /^(\/v1)?\/models$/.test(path)) {
      return send(res, record, 200, {
        object: 'list',
        data: [{ id: 'offline', object: 'model', created: 0, owned_by: `agent-track ${policy.name}` }],
      });
    }
    if (req.method === 'POST' && /^(\/v1)?\/embeddings$/.test(path)) {
      const reply = embeddingsReply(body);
      return 'error' in reply ? fail(400, reply.error) : send(res, record, reply.status, reply.body);
    }
    if (req.method === 'POST' && /^(\/v[12])?\/rerank$/.test(path)) {
      const reply = rerankReply(body);
      return 'error' in reply ? fail(400, reply.error) : send(res, record, reply.status, reply.body);
    }
    if (!isCompletion) return fail(404, `no route \`${req.method} ${path}\``);
    const schema = wire === 'anthropic' ? anthropicRequestSchema : openAIRequestSchema;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      return fail(
        400,
        `request body refused: ${parsed.error.issues.map((i) => issueMessage(i, body)).join('; ')}`,
      );
    }
    const neutral =
      wire === 'anthropic'
        ? fromAnthropicRequest(parsed.data as never)
        : fromOpenAIRequest(parsed.data as never);
    const request: PolicyRequest = {
      wire,
      model: parsed.data.model,
      messages: attachToolNames(neutral.messages),
      tools: neutral.tools,
      index: record.index!,
    };
    if (neutral.toolChoice !== undefined) request.toolChoice = neutral.toolChoice;
    const { temperature, seed, max_tokens, max_completion_tokens } = parsed.data as Record<string, unknown>;
    if (typeof temperature === 'number') request.temperature = temperature;
    if (typeof seed === 'number' && Number.isInteger(seed)) request.seed = seed;
    const limit = max_completion_tokens ?? max_tokens;
    if (typeof limit === 'number' && Number.isInteger(limit) && limit >= 0) request.maxTokens = limit;
    let turn: PolicyTurn;
    try {
      turn = await policy.respond(request);
    } catch (error) {
      const status = error instanceof AgentTrackError ? 400 : 500;
      return fail(status, `policy \`${policy.name}\` failed: ${(error as Error).message}`);
    }
    if (turn.delay_ms !== undefined && turn.delay_ms > 0) await wait(turn.delay_ms);
    if (turn.type === 'error') return fail(turn.status, turn.message);
    return send(res, record, 200, renderReply(request, turn, raw, policy.stateful));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify(openAIError(500, String(error))));
      }
    });
  });
  // Idle keep-alive sockets stay open past any client's own idle limit: a server closing one as a
  // client reuses it is a reset request (Node's default, 5 s, races a loaded machine's next turn).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    requests,
    close: async () => {
      for (const entry of [...timers]) entry.resolve();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
