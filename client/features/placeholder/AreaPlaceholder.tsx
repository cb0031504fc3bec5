import { useTranslation } from 'react-i18next';

/** An area whose screens have not landed yet says so plainly instead of pretending. */
export default function AreaPlaceholder() {
  const { t } = useTranslation();
  return (
    <section className="placeholder" data-testid="not-available">
      <i className="pi pi-hourglass" aria-hidden="true" />
      <h2>{t('notAvailable.title')}</h2>
      <p>{t('notAvailable.body')}</p>
    </section>
  );
}
