import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { VaultStyles } from '../secrets/VaultStyles.tsx';
import { SecureShareForm } from './SecureShareForm.tsx';

/** The header's utilities entry: secure share in a modal. */
export function SecureShareDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('secureShare');
  return (
    <Dialog
      visible
      header={t('title')}
      onHide={onClose}
      style={{ width: 'min(34rem, 96vw)' }}
      draggable={false}
    >
      <VaultStyles />
      <SecureShareForm onClose={onClose} />
    </Dialog>
  );
}
