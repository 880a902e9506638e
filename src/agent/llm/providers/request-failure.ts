import { inspect } from 'node:util';
import { AgentTrackError, redact } from '../../../core/index.js';

/** What went wrong with one request, read from an SDK error without keeping anything secret. */
export interface RequestFailure {
  /** HTTP status, or null for a timeout or a connection failure. */
  status: number | null;
  kind: 'http' | 'timeout' | 'connection';
  retryable: boolean;
  /** The endpoint's own message (or the SDK's, for timeouts), with the key redacted. */
  message: string;
}

function endpointMessage(error: Record<string, unknown>): string {
  // openai: `error` is the body's `error` object; anthropic: `error` is the whole body.
  const body = error.error as Record<string, unknown> | undefined;
  const nested = body?.error as Record<string, unknown> | undefined;
  for (const candidate of [nested?.message, body?.message]) {
    if (typeof candidate === 'string' && candidate.length > 0) return candidate;
  }
  if (body !== undefined && body !== null) return JSON.stringify(body);
  return typeof error.message === 'string' ? error.message : String(error);
}

/**
 * Classifies an error the SDKs throw. Returns undefined for anything that is not a request
 * failure (a bug, a bad argument): those are rethrown as they are.
 */
export function classifyFailure(error: unknown, secret: string | undefined): RequestFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as Record<string, unknown>;
  const name = (error as Error).constructor?.name ?? '';
  if (typeof record.status === 'number') {
    const status = record.status;
    const retryable = status === 408 || status === 429 || status >= 500;
    return { status, kind: 'http', retryable, message: redact(endpointMessage(record), secret) };
  }
  if (name === 'APIConnectionTimeoutError') {
    return { status: null, kind: 'timeout', retryable: true, message: 'the request timed out' };
  }
  if (name === 'APIConnectionError') {
    const cause = (record.cause as Error | undefined)?.message;
    return {
      status: null,
      kind: 'connection',
      retryable: true,
      message: redact(cause ?? String(record.message), secret),
    };
  }
  return undefined;
}

export interface FailureContext {
  provider: string;
  baseUrl: string;
  attempts: number;
  secret: string | undefined;
}

/**
 * The error a rollout fails with: names the provider, the endpoint, the status and the endpoint's
 * message, and whether it was retried. The SDK error is kept as `cause` only when the key appears
 * nowhere in it.
 */
export function failureError(
  failure: RequestFailure,
  context: FailureContext,
  cause: unknown,
): AgentTrackError {
  const what =
    failure.kind === 'http'
      ? `HTTP ${failure.status}`
      : failure.kind === 'timeout'
        ? 'a timeout'
        : 'a connection failure';
  const tail = failure.retryable
    ? `after ${context.attempts} attempt${context.attempts === 1 ? '' : 's'}`
    : '(not retryable, not retried)';
  const secret = context.secret;
  const safeCause =
    secret === undefined || secret.length === 0 || !inspect(cause, { depth: 8 }).includes(secret)
      ? cause
      : undefined;
  return new AgentTrackError(
    'LLM_REQUEST_FAILED',
    `The \`${context.provider}\` endpoint \`${context.baseUrl}\` failed with ${what} ${tail}: \`${failure.message}\``,
    {
      data: {
        provider: context.provider,
        base_url: context.baseUrl,
        status: failure.status,
        kind: failure.kind,
        retryable: failure.retryable,
        attempts: context.attempts,
        endpoint_message: failure.message,
      },
      cause: safeCause,
    },
  );
}
