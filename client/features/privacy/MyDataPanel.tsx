import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/rules/format.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { privacyApi, useMyConsents } from './privacy.queries.ts';

/** The person's own personal data: what they agreed to and when, and a copy of everything held about them. */
export function MyDataPanel() {
  const { t } = useTranslation('privacy');
  const consents = useMyConsents();
  const run = useRunAction([]);
  return (
    <div className="lv-grid" data-testid="my-data">
      <section className="lv-wide">
        <h3>{t('consents.title')}</h3>
        {consents.data?.items.length === 0 && <p className="lv-hint">{t('consents.empty')}</p>}
        <ul className="lv-list">
          {consents.data?.items.map((consent) => (
            <li key={consent.id}>
              {t(`consents.kinds.${consent.kind}`)} · {t(`consents.sources.${consent.source}`)} ·{' '}
              {t('consents.agreedAt')} {formatDate(consent.agreedAt)}
            </li>
          ))}
        </ul>
      </section>
      <section className="lv-wide">
        <h3>{t('export.title')}</h3>
        <p>{t('export.body')}</p>
        <Button
          type="button"
          icon="pi pi-download"
          label={t('export.mine')}
          onClick={() => void run(() => privacyApi.exportMine(), t('export.started'))}
          data-testid="export-mine"
        />
      </section>
    </div>
  );
}
