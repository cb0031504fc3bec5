import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '../../shared/rules/format.ts';
import type { OutdatedDeviceData, PasswordExpirationData } from '../../shared/realtime.schemas.ts';
import { useRealtimeEvent } from './RealtimeConnection.tsx';
import { onSecurityBlock } from '../api/http.ts';
import { usePermission } from '../api/session.ts';
import { readBrowserHints, thisDeviceId } from '../features/devices/browser-hints.ts';
import { devicesApi } from '../features/devices/devices.api.ts';

const DEVICE_CHECKLIST = ['os', 'browser', 'antivirus', 'firewall', 'encryption', 'autoLock'] as const;

/** Pages a blocked person may still open to resolve the block. */
const CHAT_ACCOUNT_PATH = '/connected-account';
/** Where a person manages their devices (the checklist and outdated-device modals step aside there). */
const DEVICES_PATH = '/settings';
/** The break-glass: administrators keep the work-device update rules in view even when blocked. */
const DEVICE_RULES_PATH = '/platform-settings';

const blocking = {
  modal: true,
  closable: false,
  closeOnEscape: false,
  draggable: false,
  resizable: false,
  dismissableMask: false,
} as const;

/**
 * The blocking modals the live channel opens (spec sections 2 and 4): password expiration with the
 * server's message, security enforcement (device checklist or chat account, by type), and outdated
 * device with its data. The server lifts an enforcement or a device block with a later event.
 */
export function BlockingModals() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [password, setPassword] = useState<PasswordExpirationData | null>(null);
  const [device, setDevice] = useState(false);
  const [chat, setChat] = useState(false);
  const [outdated, setOutdated] = useState<OutdatedDeviceData | null>(null);
  const [stillOutdated, setStillOutdated] = useState(false);
  const [rechecking, setRechecking] = useState(false);
  const isAdministrator = usePermission('platform-settings.manage');

  /** The outdated-device data from the server (the 423 answer carries only the code). */
  const loadOutdated = useCallback(async () => {
    const status = await devicesApi.status().catch(() => null);
    const block = status?.enforcements.find((e) => e.type === 'OUTDATED_DEVICE' && e.blocking);
    setOutdated(block ? { ...(block.data as unknown as OutdatedDeviceData), outdated: true } : null);
    return block !== undefined;
  }, []);

  // A call refused by the server opens the matching modal, even when no live event reached this page.
  useEffect(
    () =>
      onSecurityBlock((error) => {
        if (error.code === 'DEVICE_OUTDATED') void loadOutdated();
        else if (error.code === 'SECURITY_ENFORCEMENT') {
          const type = (error.details as { type?: string } | undefined)?.type;
          if (type === 'DEVICE') setDevice(true);
          else if (type === 'DISCORD') setChat(true);
        }
      }),
    [loadOutdated],
  );

  /** The recheck: this browser reads its versions again and the server re-evaluates. */
  const recheck = async () => {
    setRechecking(true);
    try {
      const hints = await readBrowserHints();
      const status = await devicesApi.recheck({ deviceId: thisDeviceId(), hints });
      const block = status.enforcements.find((e) => e.type === 'OUTDATED_DEVICE' && e.blocking);
      setStillOutdated(block !== undefined);
      setOutdated(block ? { ...(block.data as unknown as OutdatedDeviceData), outdated: true } : null);
    } catch {
      setStillOutdated(true);
    } finally {
      setRechecking(false);
    }
  };
  const outdatedStepsAside = pathname === DEVICES_PATH || (isAdministrator && pathname === DEVICE_RULES_PATH);

  useRealtimeEvent('password-expiration', setPassword);
  useRealtimeEvent('security-enforcement', (data) => {
    if (data.type === 'DEVICE') setDevice(data.active);
    else setChat(data.active);
  });
  useRealtimeEvent('outdated-device-version', (data) => {
    setStillOutdated(false);
    setOutdated(data.outdated ? data : null);
  });

  const versionRows = outdated
    ? [
        {
          label: t('notifications:outdatedDevice.os'),
          name: outdated.os,
          yours: outdated.osVersion,
          latest: outdated.latestOsVersion,
        },
        {
          label: t('notifications:outdatedDevice.browser'),
          name: outdated.browser,
          yours: outdated.browserVersion,
          latest: outdated.latestBrowserVersion,
        },
      ].filter((row) => row.name || row.yours || row.latest)
    : [];

  return (
    <>
      <Dialog
        {...blocking}
        closable={!password?.expired}
        closeOnEscape={!password?.expired}
        visible={password !== null}
        onHide={() => setPassword(null)}
        header={t('notifications:passwordExpiration.title')}
        data-testid="password-expiration-modal"
        footer={
          <>
            {!password?.expired && (
              <Button
                label={t('notifications:passwordExpiration.later')}
                severity="secondary"
                text
                onClick={() => setPassword(null)}
              />
            )}
            <Button
              label={t('notifications:passwordExpiration.changePassword')}
              onClick={() => {
                setPassword(null);
                navigate('/change-password');
              }}
            />
          </>
        }
      >
        <p>{password?.message}</p>
      </Dialog>

      <Dialog
        {...blocking}
        visible={device && pathname !== DEVICES_PATH}
        onHide={() => {}}
        header={t('notifications:deviceEnforcement.title')}
        data-testid="device-checklist-modal"
        footer={
          <Button
            label={t('devices:modal.declare')}
            onClick={() => navigate(`${DEVICES_PATH}#work-devices`)}
          />
        }
      >
        <p>{t('notifications:deviceEnforcement.intro')}</p>
        <ul className="device-checklist">
          {DEVICE_CHECKLIST.map((item) => (
            <li key={item}>
              <i className="pi pi-check-circle" aria-hidden="true" />{' '}
              {t(`notifications:deviceEnforcement.items.${item}`)}
            </li>
          ))}
        </ul>
      </Dialog>

      <Dialog
        {...blocking}
        visible={chat && pathname !== CHAT_ACCOUNT_PATH}
        onHide={() => {}}
        header={t('notifications:chatEnforcement.title')}
        footer={
          <Button
            label={t('notifications:chatEnforcement.connect')}
            icon="pi pi-discord"
            onClick={() => navigate(CHAT_ACCOUNT_PATH)}
          />
        }
      >
        <p>{t('notifications:chatEnforcement.body')}</p>
      </Dialog>

      <Dialog
        {...blocking}
        visible={outdated !== null && !outdatedStepsAside}
        onHide={() => {}}
        header={t('notifications:outdatedDevice.title')}
        data-testid="outdated-device-modal"
        footer={
          <>
            {isAdministrator && (
              <Button
                label={t('devices:modal.openSettings')}
                severity="secondary"
                text
                onClick={() => navigate(`${DEVICE_RULES_PATH}?category=WORK_DEVICE_UPDATE_MANAGEMENT`)}
              />
            )}
            <Button
              label={t('notifications:outdatedDevice.recheck')}
              loading={rechecking}
              onClick={() => void recheck()}
            />
          </>
        }
      >
        <p>{t('notifications:outdatedDevice.body')}</p>
        {stillOutdated && <Message severity="warn" text={t('devices:modal.stillOutdated')} />}
        {versionRows.length > 0 && (
          <table className="outdated-device">
            <thead>
              <tr>
                <th />
                <th>{t('notifications:outdatedDevice.yourVersion')}</th>
                <th>{t('notifications:outdatedDevice.latestVersion')}</th>
              </tr>
            </thead>
            <tbody>
              {versionRows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">
                    {row.label}
                    {row.name ? ` (${row.name})` : ''}
                  </th>
                  <td>{row.yours ?? '—'}</td>
                  <td>{row.latest ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {outdated?.releaseDate && (
          <p>
            {t('notifications:outdatedDevice.releaseDate')}: {formatDate(outdated.releaseDate)}
          </p>
        )}
      </Dialog>
    </>
  );
}
