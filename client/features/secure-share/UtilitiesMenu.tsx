import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../api/session.ts';
import { SecureShareDialog } from './SecureShareDialog.tsx';

/** The header's utilities popover (opens on hover or click): its 'secure share' entry opens the modal. */
export function UtilitiesMenu() {
  const { t } = useTranslation(['secureShare', 'common']);
  const allowed = usePermission('secure-share.create');
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (!allowed) return null;
  const show = () => (clearTimeout(closeTimer.current), setOpen(true));
  const hide = () => (closeTimer.current = setTimeout(() => setOpen(false), 200));
  return (
    <div className="utilities" onMouseEnter={show} onMouseLeave={hide} style={{ position: 'relative' }}>
      <Button
        type="button"
        text
        rounded
        icon="pi pi-th-large"
        aria-label={t('common:utilities')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      />
      {open && (
        <div
          role="menu"
          style={{
            position: 'absolute',
            right: 0,
            top: '100%',
            zIndex: 1000,
            background: 'var(--surface-overlay, #fff)',
            boxShadow: '0 2px 8px rgba(0,0,0,.15)',
            borderRadius: 6,
            padding: '.25rem',
            minWidth: '12rem',
          }}
        >
          <Button
            type="button"
            role="menuitem"
            text
            icon="pi pi-share-alt"
            label={t('entry')}
            style={{ width: '100%' }}
            onClick={() => (setOpen(false), setDialog(true))}
          />
        </div>
      )}
      {dialog && <SecureShareDialog onClose={() => setDialog(false)} />}
    </div>
  );
}
