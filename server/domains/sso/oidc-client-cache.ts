/**
 * The provider reads an app's client metadata on every token, userinfo and revocation call. It is
 * kept here for a few seconds (a read and a decryption less per call); a change made by this process
 * forgets it at once, other server processes see it within `CLIENT_CACHE_MS`.
 */
export const CLIENT_CACHE_MS = 5000;

const cache = new Map<string, { at: number; metadata: Promise<Record<string, unknown> | undefined> }>();

export function cachedClient(
  clientId: string,
  load: () => Promise<Record<string, unknown> | undefined>,
): Promise<Record<string, unknown> | undefined> {
  const hit = cache.get(clientId);
  if (hit && Date.now() - hit.at < CLIENT_CACHE_MS) return hit.metadata;
  const metadata = load();
  cache.set(clientId, { at: Date.now(), metadata });
  metadata.catch(() => cache.delete(clientId));
  if (cache.size > 1000) cache.delete(cache.keys().next().value!);
  return metadata;
}

/** After a change of the app (secret rotated, addresses changed, removed). */
export function forgetClient(clientId: string): void {
  cache.delete(clientId);
}
