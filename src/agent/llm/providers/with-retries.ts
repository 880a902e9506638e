import { classifyFailure, type FailureContext, failureError } from './request-failure.js';

/** One retry about to happen, for a log line. The message is already redacted. */
export interface RetryEvent {
  /** 1-based number of the attempt that failed. */
  attempt: number;
  status: number | null;
  kind: 'http' | 'timeout' | 'connection';
  message: string;
  delay_ms: number;
}

export interface RetryPolicy {
  /** Retries after the first attempt (the block's `max_retries`). */
  maxRetries: number;
  /** Delay before retry `n` (1-based), in ms. Injected in tests to keep them fast. */
  backoff: (retry: number) => number;
  onRetry?: (event: RetryEvent) => void;
}

/**
 * Exponential backoff without jitter (deterministic): 500 ms, 1 s, 2 s, ... capped at 8 s.
 *
 * @example
 * exponentialBackoff(3); // 2000
 */
export function exponentialBackoff(retry: number): number {
  return Math.min(8000, 500 * 2 ** (retry - 1));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `call`, retrying 408/429/5xx, timeouts and connection failures up to `maxRetries` times;
 * any other HTTP status fails at once. Failures become `LLM_REQUEST_FAILED` with the endpoint's
 * message; errors that are not request failures are rethrown untouched.
 */
export async function withRetries<T>(
  call: () => Promise<T>,
  policy: RetryPolicy,
  context: Omit<FailureContext, 'attempts'>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const failure = classifyFailure(error, context.secret);
      if (failure === undefined) throw error;
      if (!failure.retryable || attempt > policy.maxRetries) {
        throw failureError(failure, { ...context, attempts: attempt }, error);
      }
      const delay = policy.backoff(attempt);
      policy.onRetry?.({
        attempt,
        status: failure.status,
        kind: failure.kind,
        message: failure.message,
        delay_ms: delay,
      });
      await sleep(delay);
    }
  }
}
