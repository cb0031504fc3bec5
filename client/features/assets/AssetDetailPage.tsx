import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { AssetAssignment, AssetDetail } from '../../../shared/assets.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import StatusPage from '../errors/StatusPage.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { AssetDialog } from './AssetDialog.tsx';
import { assetKeys, assetsApi, useAsset, useQrCodes } from './assets.queries.ts';
import { StatusTag, ValueTag } from './asset-format.tsx';
import { AssignDialog } from './AssignDialog.tsx';

const when = (value: string | null) => (value ? formatDate(value) : '');

/**
 * /asset-management/:id — what the QR code opens: the asset, its information-security labels, who
 * holds it and who held it before, its risks and their levels, its QR code; managers assign, check
 * in, mark it damaged or in storage, edit or delete it.
 */
export default function AssetDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['assets', 'risks']);
  const navigate = useNavigate();
  const asset = useAsset(id);
  const qr = useQrCodes(asset.data ? [asset.data.id] : []);
  const run = useRunAction([assetKeys.all]);
  const [dialog, setDialog] = useState<'edit' | 'assign' | 'delete' | null>(null);
  if (asset.isError) return <StatusPage status={404} embedded />;
  if (!asset.data) return null;
  const a: AssetDetail = asset.data;
  return (
    <div className="lv-page" data-testid="asset-detail">
      <LeaveStyles />
      <div className="lv-bar">
        <h2>{a.name}</h2>
        <div className="lv-row-actions">
          <Link to="/asset-management">{t('actions.back')}</Link>
        </div>
      </div>
      <div className="lv-bar">
        <div className="lv-row-actions">
          <StatusTag status={a.status} />
          <ValueTag value={a.securityValue} band={a.securityBand} />
          {a.assigneeInactive && <Tag severity="danger" value={t('messages.inactiveAssignee')} />}
        </div>
        <div className="lv-row-actions" style={{ flexWrap: 'wrap' }}>
          {a.abilities.assign && (
            <Button
              size="small"
              label={t('actions.assign')}
              onClick={() => setDialog('assign')}
              data-testid="asset-assign-open"
            />
          )}
          {a.abilities.checkIn && (
            <Button
              size="small"
              outlined
              label={t('actions.checkIn')}
              onClick={() => void run(() => assetsApi.checkIn(a.id), t('messages.checkedIn'))}
              data-testid="asset-check-in"
            />
          )}
          {a.abilities.changeStatus && a.status !== 'DAMAGED' && (
            <Button
              size="small"
              outlined
              label={t('actions.markDamaged')}
              onClick={() =>
                void run(() => assetsApi.setStatus(a.id, 'DAMAGED'), t('messages.statusChanged'))
              }
            />
          )}
          {a.abilities.changeStatus && a.status !== 'IN_STORAGE' && (
            <Button
              size="small"
              outlined
              label={t('actions.markInStorage')}
              onClick={() =>
                void run(() => assetsApi.setStatus(a.id, 'IN_STORAGE'), t('messages.statusChanged'))
              }
            />
          )}
          {a.abilities.edit && (
            <Button size="small" outlined label={t('actions.edit')} onClick={() => setDialog('edit')} />
          )}
          {a.abilities.delete && (
            <Button
              size="small"
              outlined
              severity="danger"
              label={t('actions.delete')}
              onClick={() => setDialog('delete')}
            />
          )}
        </div>
      </div>
      <div className="lv-balances">
        <div className="lv-card">
          <h3>{t('detail.information')}</h3>
          <dl className="lv-facts">
            <dt>{t('fields.type')}</dt>
            <dd>{t(`types.${a.type}`)}</dd>
            <dt>{t('fields.serialNumber')}</dt>
            <dd>{a.serialNumber ?? ''}</dd>
            <dt>{t('fields.quantity')}</dt>
            <dd>{a.quantity}</dd>
            <dt>{t('fields.storageGb')}</dt>
            <dd>{a.storageGb ?? ''}</dd>
            <dt>{t('fields.processors')}</dt>
            <dd>{a.processors ?? ''}</dd>
            <dt>{t('fields.priority')}</dt>
            <dd>{t(`priorities.${a.priority}`)}</dd>
            <dt>{t('fields.kind')}</dt>
            <dd>{t(`kinds.${a.kind}`)}</dd>
            <dt>{t('fields.location')}</dt>
            <dd>{a.location ?? ''}</dd>
            <dt>{t('fields.owner')}</dt>
            <dd>{a.owner ? fullName(a.owner) : ''}</dd>
            <dt>{t('fields.assignee')}</dt>
            <dd data-testid="asset-assignee-name">{a.assignee ? fullName(a.assignee) : ''}</dd>
          </dl>
        </div>
        <div className="lv-card">
          <h3>{t('detail.security')}</h3>
          <dl className="lv-facts">
            <dt>{t('fields.confidentiality')}</dt>
            <dd>{t(`labels.${a.confidentiality}`)}</dd>
            <dt>{t('fields.integrity')}</dt>
            <dd>{t(`labels.${a.integrity}`)}</dd>
            <dt>{t('fields.availability')}</dt>
            <dd>{t(`labels.${a.availability}`)}</dd>
            <dt>{t('fields.securityValue')}</dt>
            <dd>
              {t('detail.securityValue', { value: a.securityValue, band: t(`bands.${a.securityBand}`) })}
            </dd>
          </dl>
        </div>
        <div className="lv-card">
          <h3>{t('detail.qr')}</h3>
          {qr.data?.items[0] && <img src={qr.data.items[0].dataUrl} alt={a.name} width={113} height={113} />}
          <div className="lv-row-actions" style={{ justifyContent: 'flex-start' }}>
            <Button
              size="small"
              text
              icon="pi pi-download"
              label={t('actions.downloadQr')}
              onClick={() => void assetsApi.downloadQr(a.id)}
            />
            <Button
              size="small"
              text
              icon="pi pi-print"
              label={t('actions.printLabels')}
              onClick={() => navigate(`/asset-management/labels?ids=${a.id}`)}
            />
          </div>
        </div>
      </div>
      <div className="lv-card">
        <h3>{t('detail.history')}</h3>
        <DataTable
          value={a.history}
          dataKey="id"
          cellMemo={false}
          emptyMessage={t('detail.historyEmpty')}
          data-testid="asset-history"
        >
          <Column header={t('fields.assignee')} body={(h: AssetAssignment) => fullName(h.person)} />
          <Column header={t('detail.from')} body={(h: AssetAssignment) => when(h.assignedAt)} />
          <Column
            header={t('detail.to')}
            body={(h: AssetAssignment) => (h.returnedAt ? when(h.returnedAt) : t('detail.now'))}
          />
          <Column header={t('detail.by')} body={(h: AssetAssignment) => h.assignedBy ?? ''} />
        </DataTable>
      </div>
      {a.risks && (
        <div className="lv-card">
          <h3>{t('detail.risks')}</h3>
          <DataTable value={a.risks} dataKey="id" cellMemo={false} emptyMessage={t('detail.risksEmpty')}>
            <Column
              header={t('fields.name')}
              body={(r: { id: string; name: string }) => (
                <Link to={`/risk-management/${r.id}`}>{r.name}</Link>
              )}
            />
            <Column
              header={t('detail.level')}
              body={(r: { level: number; levelBand: string }) =>
                `${r.level} · ${t(`risks:bands.${r.levelBand}`)}`
              }
            />
          </DataTable>
        </div>
      )}
      {dialog === 'edit' && <AssetDialog asset={a} onClose={() => setDialog(null)} />}
      {dialog === 'assign' && <AssignDialog ids={[a.id]} onClose={() => setDialog(null)} />}
      <ConfirmAction
        visible={dialog === 'delete'}
        title={t('actions.delete')}
        message={t('dialog.deleteConfirm', { name: a.name })}
        action={t('actions.delete')}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          void run(() => assetsApi.remove(a.id), t('messages.deleted')).then(
            (done) => done && navigate('/asset-management'),
          )
        }
      />
    </div>
  );
}
