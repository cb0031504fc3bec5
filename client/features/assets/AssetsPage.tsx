import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../api/session.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import StatusPage from '../errors/StatusPage.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { AssetDialog } from './AssetDialog.tsx';
import { AssetTable } from './AssetTable.tsx';
import { AuditsPanel } from './AuditsPanel.tsx';
import { assetKeys, assetsApi } from './assets.queries.ts';
import { ImportAssetsDialog } from './ImportAssetsDialog.tsx';
import { ScanDialog } from './ScanDialog.tsx';

/**
 * /asset-management: My assets (those one holds), Company assets and the Assigned view (assets.view),
 * and asset audits; managers add, import, export and act on many assets at once. Anyone who sees
 * assets scans a QR code to open one.
 */
export default function AssetsPage() {
  const { t } = useTranslation('assets');
  const own = usePermission('assets.view-own');
  const view = usePermission('assets.view');
  const manage = usePermission('assets.manage');
  const company = view || manage;
  const tabs = ['mine', ...(company ? ['company', 'assigned', 'audits'] : [])];
  const [params, setParams] = useSearchParams();
  const [active, setActive] = useState(
    Math.max(0, tabs.indexOf(params.get('tab') ?? (company ? 'company' : 'mine'))),
  );
  const [dialog, setDialog] = useState<'create' | 'import' | 'scan' | null>(null);
  const run = useRunAction([assetKeys.all]);
  if (!own && !company) return <StatusPage status={403} embedded permission="assets.view-own" />;
  const tab = tabs[active];
  return (
    <div className="lv-page" data-testid="assets-page">
      <LeaveStyles />
      <div className="lv-bar">
        <h2>{t('title')}</h2>
        <div className="lv-row-actions">
          <Button
            icon="pi pi-qrcode"
            outlined
            label={t('actions.scan')}
            onClick={() => setDialog('scan')}
            data-testid="assets-scan"
          />
          {company && (
            <Button
              icon="pi pi-download"
              outlined
              label={t('actions.export')}
              onClick={() => void run(() => assetsApi.exportFile({}, 'xlsx'), t('actions.export'))}
            />
          )}
          {manage && (
            <Button
              icon="pi pi-upload"
              outlined
              label={t('actions.import')}
              onClick={() => setDialog('import')}
            />
          )}
          {manage && (
            <Button
              icon="pi pi-plus"
              label={t('actions.add')}
              onClick={() => setDialog('create')}
              data-testid="assets-add"
            />
          )}
        </div>
      </div>
      <TabView
        scrollable
        activeIndex={active}
        onTabChange={(event) => {
          setActive(event.index);
          setParams({ tab: tabs[event.index]! }, { replace: true });
        }}
      >
        <TabPanel header={<span data-testid="assets-tab-mine">{t('tabs.MY_ASSET')}</span>}>
          {tab === 'mine' && <AssetTable tab="MY_ASSET" canManage={false} />}
        </TabPanel>
        {company && (
          <TabPanel header={<span data-testid="assets-tab-company">{t('tabs.COMPANY_ASSET')}</span>}>
            {tab === 'company' && <AssetTable tab="COMPANY_ASSET" canManage={manage} />}
          </TabPanel>
        )}
        {company && (
          <TabPanel header={<span data-testid="assets-tab-assigned">{t('tabs.ASSIGNED')}</span>}>
            {tab === 'assigned' && <AssetTable tab="COMPANY_ASSET" assigned canManage={manage} />}
          </TabPanel>
        )}
        {company && (
          <TabPanel header={<span data-testid="assets-tab-audits">{t('tabs.AUDITS')}</span>}>
            {tab === 'audits' && <AuditsPanel canManage={manage} />}
          </TabPanel>
        )}
      </TabView>
      {dialog === 'create' && <AssetDialog asset={null} onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportAssetsDialog onClose={() => setDialog(null)} />}
      {dialog === 'scan' && <ScanDialog onClose={() => setDialog(null)} />}
    </div>
  );
}
