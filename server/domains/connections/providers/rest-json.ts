import { ProviderError, type HttpPolicy } from './provider-http.ts';

/**
 * Reading a provider's HTTP answer the same way for every provider that has no client library
 * (Outline, Figma) and for the request handler given to GitBeaker: the status becomes a
 * ProviderError code, a 429's Retry-After (seconds or a date) becomes the wait before the retry.
 * Never the provider's text in the error: it may quote what was sent.
 */

/** Retry-After as milliseconds: seconds ("30") or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The ProviderError of a non-2xx status. */
export function statusError(status: number, retryAfter?: string | null): ProviderError {
  const detail = `HTTP ${status}`;
  if (status === 401) return new ProviderError('UNAUTHORIZED', detail);
  if (status === 403) return new ProviderError('FORBIDDEN', detail);
  if (status === 404) return new ProviderError('NOT_FOUND', detail);
  if (status === 429)
    return new ProviderError('RATE_LIMITED', detail, { retryAfterMs: retryAfterMs(retryAfter) });
  return new ProviderError('FAILED', detail);
}

/** A network failure (nothing answered) as a ProviderError, with the system's code only. */
export function networkError(error: unknown): ProviderError {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return new ProviderError('UNREACHABLE', cause?.code ?? null);
}

/** One JSON request over the global fetch (the call's time limit reaches it through provider-http). */
export async function requestJson<T>(url: string, init: RequestInit, _policy?: HttpPolicy): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if ((error as Error | null)?.name === 'AbortError') throw error;
    throw networkError(error);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw statusError(response.status, response.headers.get('retry-after'));
  }
  try {
    return (await response.json()) as T;
  } catch {
    throw new ProviderError('BAD_RESPONSE', 'not JSON');
  }
}

/** Classifier for code that already throws ProviderErrors (the calls above). */
export function passThrough(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  return new ProviderError('FAILED', error instanceof Error ? error.name : null);
}
