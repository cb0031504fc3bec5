import type { ErrorBody } from '../../shared/errors.ts';
import { ApiError, networkError } from './errors.ts';

/**
 * The one way the browser calls the API: the access token (renewed with the refresh cookie when it
 * expires), the person's language, errors as `ApiError`, JSON or a file in, JSON or a file out.
 * Nothing else in the client calls `fetch` for /api.
 */
export { ApiError } from './errors.ts';

let accessToken: string | null = null;
let refreshing: Promise<boolean> | null = null;
/** Why the last renewal failed (SESSION_EXPIRED, ACCOUNT_DEACTIVATED…), for the session-ended notice. */
let refreshFailure: string | null = null;
let language = 'en';
const sessionEndListeners = new Set<(reason: string) => void>();
const passwordExpiredListeners = new Set<() => void>();
const securityBlockListeners = new Set<(error: ApiError) => void>();

export function setAccessToken(token: string | null): void {
  accessToken = token;
}
/** The access token in memory (the live channel sends it as a query value). */
export function getAccessToken(): string | null {
  return accessToken;
}
/** The language every call asks answers in (`Accept-Language`); kept in step with the UI's. */
export function setRequestLanguage(next: string): void {
  language = next;
}

/**
 * Called when the session cannot be renewed (signed out elsewhere, deactivated, expired), with the
 * server's reason code.
 */
export function onSessionEnded(listener: (reason: string) => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/** Called when the API answers 498: the password expired and must be changed before anything else. */
export function onPasswordExpired(listener: () => void): () => void {
  passwordExpiredListeners.add(listener);
  return () => passwordExpiredListeners.delete(listener);
}

/**
 * Called when the API answers 423: an outdated device (DEVICE_OUTDATED) or a security requirement
 * (SECURITY_ENFORCEMENT, details.type DEVICE | DISCORD) blocks the person; the blocking modals listen.
 */
export function onSecurityBlock(listener: (error: ApiError) => void): () => void {
  securityBlockListeners.add(listener);
  return () => securityBlockListeners.delete(listener);
}

/** Exchanges the refresh cookie for an access token; several callers share one request. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= fetch('/api/auth/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'accept-language': language },
  })
    .then(async (response) => {
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as ErrorBody | null;
        refreshFailure = body?.code ?? 'SESSION_EXPIRED';
        return false;
      }
      const body = (await response.json()) as { accessToken: string };
      accessToken = body.accessToken;
      refreshFailure = null;
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Ends the session on this page and tells the listeners why (asking the server when it can say). */
async function endSession(code: string): Promise<void> {
  accessToken = null;
  // The refresh cookie knows why the session ended: a deactivated person is told so.
  const renewed = await refreshAccessToken();
  if (renewed) return;
  const reason = refreshFailure ?? code;
  for (const listener of sessionEndListeners) listener(reason);
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

/**
 * How calls are sent while the server renders a page: through the app itself, as the person the page
 * is for (set by the server renderer at start-up; never in the browser). Pages prefetch their first
 * data with the same query functions the browser uses, so the page arrives with its data.
 */
export type ServerTransport = (path: string, options: RequestOptions) => Promise<Response>;
let serverTransport: ServerTransport | null = null;
export function setServerTransport(transport: ServerTransport | null): void {
  serverTransport = transport;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as the raw body with its own type (uploads, multipart forms), instead of a JSON `body`. */
  file?: Blob;
  signal?: AbortSignal;
  /**
   * A call of the public pages (sign-in, invitation, password reset): no session is needed, none is
   * renewed first, and a 401 is an answer rather than the end of a session.
   */
  anonymous?: boolean;
}

/**
 * Sends a call. Without a token it first renews the session; on 440 (access token expired) it renews
 * once and retries; a session that cannot be renewed ends (the listeners are told why).
 */
async function send(path: string, options: RequestOptions): Promise<Response> {
  if (serverTransport) {
    const answer = await serverTransport(path, options);
    if (!answer.ok) throw await toApiError(answer);
    return answer;
  }
  if (!accessToken && !options.anonymous) await refreshAccessToken();
  const attempt = () =>
    fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      signal: options.signal,
      headers: {
        'accept-language': language,
        ...(accessToken && !options.anonymous && { authorization: `Bearer ${accessToken}` }),
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(options.file && { 'content-type': options.file.type || 'application/octet-stream' }),
      },
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
  let response: Response;
  try {
    response = await attempt();
    if (response.status === 440 && !options.anonymous && (await refreshAccessToken())) {
      response = await attempt();
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw networkError();
  }
  if (!options.anonymous) {
    if (response.status === 401) {
      const error = await toApiError(response);
      await endSession(error.code);
      throw error;
    }
    if (response.status === 498) for (const listener of passwordExpiredListeners) listener();
    if (response.status === 423) {
      const error = await toApiError(response);
      for (const listener of securityBlockListeners) listener(error);
      throw error;
    }
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Calls the API and returns its JSON answer (undefined for 204). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * Fetches a protected file as a Blob, to show it in the page (an invoice's PDF in an <iframe>, an image
 * in an <img> through an object URL): the file needs the access token, which an element's own request
 * would not carry.
 */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}

/**
 * Fetches a protected file (documents, exports) with the access token and hands it to the browser
 * under the server's file name (or `fallbackName`). `options` for a download that needs a body
 * (the export of a selection: `{ method: 'POST', body }`).
 */
export async function download(
  path: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<void> {
  const response = await send(path, options);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : (plain ?? fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Signs in; the refresh cookie is set by the server, the access token kept in memory only. */
export async function signInRequest(email: string, password: string) {
  const body = await api<{ accessToken: string }>('/auth/sign-in', {
    method: 'POST',
    body: { email, password },
    anonymous: true,
  });
  accessToken = body.accessToken;
  return body;
}

/** Query parameters with repeated keys for lists (`status=A&status=B`), empty values left out. */
export function toQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
