import type { ErrorBody, FieldError } from '../../shared/errors.ts';

/** An API failure with the server's stable code, its translated message and any field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorBody['details'];

  constructor(status: number, code: string, message: string, details?: ErrorBody['details']) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }

  get fieldErrors(): FieldError[] {
    return Array.isArray(this.details) ? this.details : [];
  }
}

let accessToken: string | null = null;
let refreshing: Promise<boolean> | null = null;
let language = 'en';
const sessionEndListeners = new Set<() => void>();
const passwordExpiredListeners = new Set<() => void>();

export function setAccessToken(token: string | null): void {
  accessToken = token;
}
/** The access token in memory (the live channel sends it as a query value). */
export function getAccessToken(): string | null {
  return accessToken;
}
export function setRequestLanguage(next: string): void {
  language = next;
}
/** Called when the session cannot be renewed (signed out elsewhere, deactivated, expired). */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/** Called when the API answers 498: the password expired and must be changed before anything else. */
export function onPasswordExpired(listener: () => void): () => void {
  passwordExpiredListeners.add(listener);
  return () => passwordExpiredListeners.delete(listener);
}

/** Exchanges the refresh cookie for an access token; several callers share one request. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) return false;
      const body = (await response.json()) as { accessToken: string };
      accessToken = body.accessToken;
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as ErrorBody | null;
  return new ApiError(
    response.status,
    body?.code ?? 'INTERNAL',
    body?.message ?? response.statusText,
    body?.details,
  );
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as the raw body with its own type (uploads), instead of a JSON `body`. */
  file?: Blob;
  signal?: AbortSignal;
}

/**
 * Calls the API with the access token. Without a token it first renews the session; on 440
 * (access token expired) it renews once and retries; a session that cannot be renewed ends.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (!accessToken) await refreshAccessToken();
  const send = () =>
    fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      signal: options.signal,
      headers: {
        'accept-language': language,
        ...(accessToken && { authorization: `Bearer ${accessToken}` }),
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(options.file && { 'content-type': options.file.type || 'application/octet-stream' }),
      },
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
  let response: Response;
  try {
    response = await send();
    if (response.status === 440 && (await refreshAccessToken())) response = await send();
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', '');
  }
  if (response.status === 401) {
    accessToken = null;
    for (const listener of sessionEndListeners) listener();
  }
  if (response.status === 498) for (const listener of passwordExpiredListeners) listener();
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Signs in; the refresh cookie is set by the server, the access token kept in memory only. */
export async function signInRequest(email: string, password: string) {
  const response = await fetch('/api/auth/sign-in', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ email, password }),
  }).catch(() => {
    throw new ApiError(0, 'NETWORK', '');
  });
  if (!response.ok) throw await toApiError(response);
  const body = (await response.json()) as { accessToken: string };
  accessToken = body.accessToken;
  return body;
}
