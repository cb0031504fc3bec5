import { Badge } from 'primereact/badge';
import { useTranslation } from 'react-i18next';
import { useToAcknowledgeCount } from './documents.queries.ts';

/** The sidebar's count of documents the person must still acknowledge (nothing when there are none). */
export function ToReadBadge() {
  const { t } = useTranslation('documents');
  const count = useToAcknowledgeCount().data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      value={count}
      severity="warning"
      aria-label={t('ui.toReadBadge', { count })}
      data-testid="doc-to-read-badge"
    />
  );
}
