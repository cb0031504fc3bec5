import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('actions.loading')}
    </div>
  );
}
