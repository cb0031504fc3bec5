import { randomBytes } from 'node:crypto';
import type { ProviderContext } from 'oidc-provider';
import { i18nFor, isLanguage, languageFromHeader, type Language } from '../../../shared/i18n/index.ts';

/**
 * The provider's own HTML pages — the logout confirmation, the page after signing out and its error
 * page (a bad client or redirect uri cannot be sent back to the app) — in the person's language and
 * looking like the app's status pages (client/features/errors/StatusPage.tsx).
 *
 * - Language as the page renderer picks it (server/plugins/ssr.ts) where the provider can know it:
 *   the app's `ui_locales` on the logout request, the `bo_lang` cookie, then Accept-Language.
 * - Everything that comes from outside (host, app name, error text) is HTML-escaped.
 * - No script; the one inline stylesheet carries a per-response nonce, and the page's CSP allows
 *   nothing else (`default-src 'none'`), framing still refused. No `form-action`: the logout form
 *   posts to the provider, which then redirects to the app's registered post-logout address.
 * - The logout form is the provider's own (`op.logoutForm`, with its xsrf field), placed as is.
 */

const LANGUAGE_COOKIE = 'bo_lang';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The errors the page explains in words; others get the general sentence. */
const EXPLAINED_ERRORS = new Set([
  'invalid_client',
  'invalid_redirect_uri',
  'invalid_request',
  'access_denied',
  'session_not_found',
  'server_error',
]);

interface PageContext extends ProviderContext {
  host: string;
  get(header: string): string;
  set(header: string, value: string): void;
  oidc?: ProviderContext['oidc'] & {
    params?: { ui_locales?: unknown };
    client?: { clientName?: string; clientId?: string };
  };
}

/** The page's language: the app's `ui_locales`, the language cookie, then Accept-Language. */
export function pageLanguage(ctx: PageContext): Language {
  const uiLocales = ctx.oidc?.params?.ui_locales;
  if (typeof uiLocales === 'string') {
    const asked = uiLocales
      .split(' ')
      .map((tag) => tag.slice(0, 2).toLowerCase())
      .find(isLanguage);
    if (asked) return asked;
  }
  const cookie = ctx
    .get('cookie')
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (isLanguage(cookie)) return cookie;
  return languageFromHeader(ctx.get('accept-language') || undefined);
}

/** Mirrors `.status-page` in client/styles/app.css (its colours and measures). */
const STYLE = `
:root{font-family:Inter,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2433;background:#f5f6fa}
*{box-sizing:border-box}body{margin:0;min-height:100vh}a{color:#4f46e5}
.status-page{max-width:36rem;margin:4rem auto;text-align:center;padding:2rem;background:#fff;border:1px solid #e3e6ee;border-radius:12px}
.status-page__code{font-size:3rem;font-weight:800;margin:.5rem 0 0;color:#646b80}
.status-page__brand{font-weight:700;color:#4f46e5;margin:0}
.actions{display:flex;gap:.5rem;justify-content:center;flex-wrap:wrap;margin-top:1.5rem}
.button{font:inherit;font-weight:600;padding:.6rem 1.1rem;border-radius:6px;border:1px solid #4f46e5;cursor:pointer;text-decoration:none;display:inline-block}
.button--primary{background:#4f46e5;color:#fff}.button--outlined{background:#fff;color:#4f46e5}
.details{text-align:left;margin-top:1.5rem;color:#646b80;font-size:.875rem}
.details dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem .75rem;margin:.5rem 0 0}
.details dt{font-weight:600}.details dd{margin:0;overflow-wrap:anywhere}`;

/** A whole page: the language, title, nonce'd style and CSP; `body` is already escaped HTML. */
function page(ctx: PageContext, language: Language, title: string, body: string): string {
  const nonce = randomBytes(16).toString('base64');
  ctx.set(
    'content-security-policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`,
  );
  ctx.type = 'html';
  const t = i18nFor(language).t;
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(t('sso:providerPages.title'))}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main class="status-page">
<p class="status-page__brand">${escapeHtml(t('sso:providerPages.title'))}</p>
${body}
</main>
</body>
</html>`;
}

const appName = (ctx: PageContext) => ctx.oidc?.client?.clientName || ctx.oidc?.client?.clientId;

/** `features.rpInitiatedLogout.logoutSource`: asks before signing out; `form` is the provider's. */
export async function logoutSource(ctx: PageContext, form: string): Promise<void> {
  const language = pageLanguage(ctx);
  const t = i18nFor(language).t;
  const app = appName(ctx);
  const question = app
    ? t('sso:providerPages.logout.questionApp', { host: ctx.host, app })
    : t('sso:providerPages.logout.question', { host: ctx.host });
  ctx.body = page(
    ctx,
    language,
    t('sso:providerPages.logout.title'),
    `<h1>${escapeHtml(t('sso:providerPages.logout.title'))}</h1>
<p>${escapeHtml(question)}</p>
${form}
<div class="actions">
<button autofocus class="button button--primary" type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(t('sso:providerPages.logout.yes'))}</button>
<button class="button button--outlined" type="submit" form="op.logoutForm">${escapeHtml(t('sso:providerPages.logout.no'))}</button>
</div>`,
  );
}

/**
 * `features.rpInitiatedLogout.postLogoutSuccessSource`: signed out, with no app address to go back
 * to. The provider names the app (`client_id`) only when the person chose to stay signed in to
 * Backoffice — then only the app's sign-in ended.
 */
export async function postLogoutSuccessSource(ctx: PageContext): Promise<void> {
  const language = pageLanguage(ctx);
  const t = i18nFor(language).t;
  const app = appName(ctx);
  ctx.body = page(
    ctx,
    language,
    t('sso:providerPages.loggedOut.title'),
    `<h1>${escapeHtml(t('sso:providerPages.loggedOut.title'))}</h1>
<p>${escapeHtml(app ? t('sso:providerPages.loggedOut.bodyApp', { app }) : t('sso:providerPages.loggedOut.body'))}</p>
<div class="actions"><a class="button button--outlined" href="/">${escapeHtml(t('sso:providerPages.back'))}</a></div>`,
  );
}

/** `renderError`: what went wrong in words, the provider's own error and description as details. */
export async function renderError(ctx: PageContext, out: Record<string, unknown>): Promise<void> {
  const language = pageLanguage(ctx);
  const t = i18nFor(language).t;
  const code = typeof out.error === 'string' ? out.error : 'server_error';
  const explained = EXPLAINED_ERRORS.has(code) ? code : 'other';
  const label = (key: string) =>
    key === 'error'
      ? t('sso:providerPages.error.code')
      : key === 'error_description'
        ? t('sso:providerPages.error.description')
        : key;
  const details = Object.entries(out)
    .map(([key, value]) => `<dt>${escapeHtml(label(key))}</dt><dd>${escapeHtml(String(value))}</dd>`)
    .join('');
  ctx.body = page(
    ctx,
    language,
    t('sso:providerPages.error.title'),
    `<p class="status-page__code">${ctx.status}</p>
<h1>${escapeHtml(t('sso:providerPages.error.title'))}</h1>
<p>${escapeHtml(t(`sso:providerPages.error.${explained}`))}</p>
<div class="actions"><a class="button button--outlined" href="/">${escapeHtml(t('sso:providerPages.back'))}</a></div>
<section class="details"><p>${escapeHtml(t('sso:providerPages.error.details'))}</p><dl>${details}</dl></section>`,
  );
}
