import { AsyncLocalStorage } from 'node:async_hooks';
import type { ProviderErrorCode } from '../../../../shared/connections.schemas.ts';
import type { Config } from '../../../config.ts';

/**
 * How every call to a provider behaves, in one place for all providers: each request has a time
 * limit (its fetch is aborted, so a provider that hangs costs a timeout, not a hung request), and a
 * 429 is retried after its Retry-After, a bounded number of times and never for long. Failures
 * come out as a ProviderError with a code from the shared list and a short detail (an HTTP status,
 * a network code): never the provider's own text, which may quote what was sent.
 */

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly code: ProviderErrorCode,
    readonly detail: string | null = null,
    options: { cause?: unknown; retryAfterMs?: number } = {},
  ) {
    super(`${code}${detail ? ` (${detail})` : ''}`, { cause: options.cause });
    this.retryAfterMs = options.retryAfterMs;
  }
  readonly retryAfterMs: number | undefined;
}

export interface HttpPolicy {
  /** The time one request may take, from sending to the whole answer. */
  timeoutMs: number;
  /** How many times a 429 is tried again. */
  rateLimitRetries: number;
  /** The longest wait for a Retry-After: a provider asking for more fails the call at once. */
  maxRetryWaitMs: number;
  /** Tests: a response that does not match the client library's schema is an error. */
  strictResponses?: boolean;
}

export function httpPolicy(config: Pick<Config, 'CONNECTIONS_TIMEOUT_SECONDS'>): HttpPolicy {
  return {
    timeoutMs: config.CONNECTIONS_TIMEOUT_SECONDS * 1000,
    rateLimitRetries: 2,
    maxRetryWaitMs: 30_000,
  };
}

// Client libraries that call the global fetch without a signal (jira.js does) get the signal of
// the call they run in: the fetch wrapper below adds it only inside `callProvider`, nowhere else.
const currentSignal = new AsyncLocalStorage<AbortSignal>();
const WRAPPED = Symbol.for('backoffice.providerFetch');

function installFetchSignal(): void {
  const current = globalThis.fetch as typeof fetch & { [WRAPPED]?: true };
  if (current[WRAPPED]) return;
  const wrapped = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const signal = currentSignal.getStore();
    return current(input, signal && !init?.signal ? { ...init, signal } : init);
  }) as typeof fetch & { [WRAPPED]?: true };
  wrapped[WRAPPED] = true;
  globalThis.fetch = wrapped;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rejects when the signal aborts, whatever the operation does with it. */
function untilAborted<T>(operation: Promise<T>, signal: AbortSignal): Promise<T> {
  operation.catch(() => {}); // its own failure after the abort is of no interest
  return Promise.race([
    operation,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
  ]);
}

/**
 * Runs one request to a provider under the policy. `classify` turns the client library's errors
 * into ProviderErrors (each provider module knows its library's error types).
 */
export async function callProvider<T>(
  policy: HttpPolicy,
  classify: (error: unknown) => ProviderError,
  operation: () => Promise<T>,
): Promise<T> {
  installFetchSignal();
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('timeout')), policy.timeoutMs);
    try {
      return await currentSignal.run(controller.signal, () => untilAborted(operation(), controller.signal));
    } catch (error) {
      const failure = controller.signal.aborted
        ? new ProviderError('TIMEOUT', `${Math.round(policy.timeoutMs / 100) / 10}s`)
        : error instanceof ProviderError
          ? error
          : classify(error);
      if (failure.code === 'RATE_LIMITED' && attempt < policy.rateLimitRetries) {
        const wait = failure.retryAfterMs ?? 1000 * 2 ** attempt;
        if (wait <= policy.maxRetryWaitMs) {
          await sleep(wait);
          continue;
        }
      }
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }
}
