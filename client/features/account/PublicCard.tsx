import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../layout/LanguageSwitcher.tsx';

/** The frame of the public account pages: brand, language, a title, and a link back to sign-in. */
export function PublicCard({
  title,
  subtitle,
  children,
  onSubmit,
  formId,
  testId,
  backToSignIn = true,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  onSubmit?: (event: FormEvent) => void;
  /** The form's id (useFormValues' `formId`), so text typed before hydration is kept. */
  formId?: string;
  testId?: string;
  backToSignIn?: boolean;
}) {
  const { t } = useTranslation(['account', 'common']);
  const body = (
    <>
      <div className="auth-card__top">
        <span className="auth-card__brand">
          <i className="pi pi-th-large" aria-hidden="true" /> {t('common:appName')}
        </span>
        <LanguageSwitcher />
      </div>
      <h1>{title}</h1>
      <title>{`${title} · ${t('common:appName')}`}</title>
      {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
      {children}
      {backToSignIn && (
        <Link to="/sign-in" className="auth-card__link">
          {t('backToSignIn')}
        </Link>
      )}
    </>
  );
  return (
    <div className="auth-page" data-testid={testId}>
      {onSubmit ? (
        <form id={formId} className="auth-card" method="post" onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        <section className="auth-card">{body}</section>
      )}
    </div>
  );
}
