import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LegalKind } from '../../../shared/legal.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { LanguageSwitcher } from '../../layout/LanguageSwitcher.tsx';
import { errorMessage } from '../../api/errors.ts';
import { useLegalPage } from './legal.queries.ts';
import { LegalText } from './LegalText.tsx';

const CSS = `
.legal-page { min-height: 100vh; display: flex; justify-content: center; padding: 1.5rem 1rem; }
.legal-page__card { width: 100%; max-width: 48rem; background: var(--bo-surface, #fff); border: 1px solid var(--bo-border, #e3e6ee);
  border-radius: 12px; padding: 1.5rem 2rem; line-height: 1.55; }
.legal-page__top { display: flex; justify-content: space-between; align-items: center; gap: 1rem; }
.legal-page__card h1 { font-size: 1.5rem; margin: 1rem 0 .25rem; }
.legal-page__card h2 { font-size: 1.1rem; margin: 1.25rem 0 .25rem; }
.legal-page__updated { color: var(--bo-muted, #646b80); margin: 0 0 1rem; font-size: .9rem; }
@media (max-width: 640px) { .legal-page__card { padding: 1rem; } }
`;

/** /terms and /privacy: the texts a person agrees to on sign-up, in their language, for anyone. */
export default function LegalPage({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation(['legal', 'account', 'common']);
  const page = useLegalPage(kind, i18n.language);
  const title = t(`titles.${kind}`);
  return (
    <div className="legal-page" data-testid={`legal-${kind}`}>
      <style href="backoffice-legal" precedence="default">
        {CSS}
      </style>
      <article className="legal-page__card">
        <div className="legal-page__top">
          <span className="auth-card__brand">
            <i className="pi pi-th-large" aria-hidden="true" /> {t('common:appName')}
          </span>
          <LanguageSwitcher />
        </div>
        <h1>{title}</h1>
        <title>{`${title} · ${t('common:appName')}`}</title>
        {page.data?.updatedAt && (
          <p className="legal-page__updated">{t('updated', { date: formatDate(page.data.updatedAt) })}</p>
        )}
        {page.isError && <Message severity="error" text={errorMessage(page.error, t)} />}
        {page.data ? <LegalText content={page.data.content} /> : !page.isError && <p role="status">…</p>}
        <p>
          <Link to={kind === 'terms' ? '/privacy' : '/terms'}>
            {t(`titles.${kind === 'terms' ? 'privacy' : 'terms'}`)}
          </Link>
          {' · '}
          <Link to="/sign-in">{t('account:backToSignIn')}</Link>
        </p>
      </article>
    </div>
  );
}
