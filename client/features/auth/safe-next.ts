/**
 * Where to go after signing in: the `next` a page asked for when it is a path of this site, `/`
 * otherwise. Browsers read a backslash as a slash and drop tabs and line breaks from addresses, so
 * `/\evil.example` or `/<tab>/evil.example` mean `//evil.example`, another site: those, addresses with a
 * scheme, and anything that does not resolve to this origin go to `/`.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2000) return '/';
  // One leading slash, then no slash or backslash; nothing a browser would strip or rewrite.
  if (!/^\/(?![/\\])/.test(next) || /[\\\s\p{Cc}]/u.test(next)) return '/';
  const base = 'https://backoffice.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
