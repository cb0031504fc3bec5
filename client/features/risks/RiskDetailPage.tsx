import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  RISK_STEPS,
  TREATMENT_METHODS,
  type Risk,
  type RiskAction,
  type RiskPerson,
  type StepStatus,
} from '../../../shared/risks.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { PersonPicker } from '../assets/PersonPicker.tsx';
import StatusPage from '../errors/StatusPage.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { fieldError, FormDialog } from '../recurring-tasks/FormDialog.tsx';
import { LevelTag } from './risk-format.tsx';
import { RiskDialog } from './RiskDialog.tsx';
import { riskKeys, risksApi, useRisk, useRiskOwners } from './risks.queries.ts';

const STEP_SEVERITY: Record<StepStatus, 'secondary' | 'info' | 'warning' | 'success'> = {
  NOT_STARTED: 'secondary',
  IN_PROGRESS: 'info',
  AWAITING_REVIEW: 'warning',
  DONE: 'success',
};
/** The actions taken at once; reject and recordResidual ask for more first. */
const DIRECT: RiskAction[] = ['submit', 'revoke', 'approve', 'accept', 'mitigate', 'confirmNoResidual'];

/**
 * /risk-management/:id: a risk's three steps — Identification & Assessment, Response & Treatment
 * Plan, Monitoring & Control — each with its status, and the actions the workflow's table and the
 * caller's role allow (the server answers the same).
 */
export default function RiskDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['risks', 'assets']);
  const navigate = useNavigate();
  const query = useRisk(id);
  const run = useRunAction([riskKeys.all]);
  const [dialog, setDialog] = useState<'edit' | 'reject' | 'residual' | 'delete' | null>(null);
  if (query.isError) return <StatusPage status={404} embedded />;
  if (!query.data) return null;
  const risk: Risk = query.data;
  const act = (action: RiskAction) =>
    run(() => risksApi.transition(risk.id, { action, version: risk.version }), t('messages.done'));
  const fact = (label: string, value: string | null | undefined) => (
    <>
      <dt>{label}</dt>
      <dd style={{ whiteSpace: 'pre-wrap', textAlign: 'left' }}>{value ?? ''}</dd>
    </>
  );
  const stepFacts = {
    IDENTIFICATION: (
      <dl className="lv-facts">
        {fact(t('fields.threats'), risk.threats)}
        {fact(t('fields.vulnerabilities'), risk.vulnerabilities)}
        {fact(t('fields.currentControls'), risk.currentControls)}
        {fact(t('fields.referenceClause'), risk.referenceClause)}
        {fact(t('fields.impact'), String(risk.impact))}
        {fact(t('fields.likelihood'), String(risk.likelihood))}
      </dl>
    ),
    TREATMENT: (
      <dl className="lv-facts">
        {fact(t('fields.treatmentMethod'), risk.treatmentMethod && t(`methods.${risk.treatmentMethod}`))}
        {fact(t('fields.controlMeasures'), risk.controlMeasures)}
        {fact(t('fields.actionPlan'), risk.actionPlan)}
        {fact(
          t('fields.expectedCompletionDate'),
          risk.expectedCompletionDate && formatDate(risk.expectedCompletionDate),
        )}
        {fact(t('fields.implementingTeam'), risk.implementingTeam)}
        {fact(t('fields.isoTeam'), risk.isoTeam)}
      </dl>
    ),
    MONITORING: (
      <dl className="lv-facts">
        {fact(t('fields.actualProgress'), risk.actualProgress)}
        {fact(t('fields.reviewDueDate'), risk.reviewDueDate && formatDate(risk.reviewDueDate))}
      </dl>
    ),
  };
  return (
    <div className="lv-page" data-testid="risk-detail">
      <LeaveStyles />
      <div className="lv-bar">
        <h2>{risk.name}</h2>
        <Link to="/risk-management">{t('buttons.back')}</Link>
      </div>
      <div className="lv-bar">
        <div className="lv-row-actions">
          <LevelTag level={risk.level} band={risk.levelBand} />
          <Tag value={t(`states.${risk.state}`)} data-testid="risk-state" />
        </div>
        <div className="lv-row-actions" style={{ flexWrap: 'wrap' }}>
          {DIRECT.filter((action) => risk.abilities[action]).map((action) => (
            <Button
              key={action}
              size="small"
              label={t(`buttons.${action}`)}
              onClick={() => void act(action)}
              data-testid={`risk-action-${action}`}
            />
          ))}
          {risk.abilities.reject && (
            <Button
              size="small"
              severity="danger"
              outlined
              label={t('buttons.reject')}
              onClick={() => setDialog('reject')}
              data-testid="risk-action-reject"
            />
          )}
          {risk.abilities.recordResidual && (
            <Button
              size="small"
              outlined
              label={t('buttons.recordResidual')}
              onClick={() => setDialog('residual')}
              data-testid="risk-action-recordResidual"
            />
          )}
          {risk.abilities.edit && (
            <Button
              size="small"
              outlined
              label={t('buttons.edit')}
              onClick={() => setDialog('edit')}
              data-testid="risk-edit"
            />
          )}
          {risk.abilities.delete && (
            <Button
              size="small"
              text
              severity="danger"
              label={t('buttons.delete')}
              onClick={() => setDialog('delete')}
            />
          )}
        </div>
      </div>
      {risk.submittedBy &&
        risk.state.endsWith('_REVIEW') &&
        !risk.abilities.approve &&
        !risk.abilities.accept &&
        !risk.abilities.confirmNoResidual &&
        risk.abilities.revoke && <p className="lv-hint">{t('messages.selfReview')}</p>}
      {risk.rejectionReason && (
        <p className="lv-error" data-testid="risk-rejection">
          {t('fields.rejectionReason')}: {risk.rejectionReason}
        </p>
      )}
      <div className="lv-card">
        <dl className="lv-facts">
          {fact(
            t('fields.asset'),
            `${risk.asset.name} · ${t('assets:detail.securityValue', { value: risk.asset.securityValue, band: t(`assets:bands.${risk.asset.band}`) })}`,
          )}
          {fact(t('fields.assetOwner'), risk.asset.owner && fullName(risk.asset.owner))}
          {fact(t('fields.riskOwner'), risk.riskOwner && fullName(risk.riskOwner))}
          {risk.parentRisk && fact(t('fields.parent'), risk.parentRisk.name)}
        </dl>
      </div>
      <div className="lv-balances">
        {RISK_STEPS.map((step) => (
          <div className="lv-card" key={step} data-testid={`risk-step-${step}`}>
            <div className="lv-bar">
              <h3>{t(`steps.${step}`)}</h3>
              <Tag
                value={t(`stepStatuses.${risk.steps[step]}`)}
                severity={STEP_SEVERITY[risk.steps[step]]}
                data-testid={`risk-step-${step}-status`}
              />
            </div>
            {stepFacts[step]}
          </div>
        ))}
      </div>
      {risk.residualRisks.length > 0 && (
        <div className="lv-card">
          <h3>{t('fields.residuals')}</h3>
          <ul>
            {risk.residualRisks.map((r) => (
              <li key={r.id}>
                <Link to={`/risk-management/${r.id}`}>{r.name}</Link> ·{' '}
                <LevelTag level={r.level} band={r.levelBand} /> · {t(`states.${r.state}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {dialog === 'edit' && <RiskDialog risk={risk} onClose={() => setDialog(null)} />}
      {dialog === 'reject' && <RejectDialog risk={risk} onClose={() => setDialog(null)} />}
      {dialog === 'residual' && <ResidualDialog risk={risk} onClose={() => setDialog(null)} />}
      <ConfirmAction
        visible={dialog === 'delete'}
        title={t('buttons.delete')}
        message={t('dialog.deleteConfirm', { name: risk.name })}
        action={t('buttons.delete')}
        disabledReason={risk.residualRisks.length > 0 ? t('fields.residuals') : null}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          void run(() => risksApi.remove(risk.id), t('messages.deleted')).then(
            (done) => done && navigate('/risk-management'),
          )
        }
      />
    </div>
  );
}

function RejectDialog({ risk, onClose }: { risk: Risk; onClose: () => void }) {
  const { t } = useTranslation(['risks', 'errors']);
  const form = useFormValues({ reason: '' });
  const save = useFormMutation({
    mutationFn: (reason: string) =>
      risksApi.transition(risk.id, { action: 'reject', version: risk.version, reason }),
    invalidate: [riskKeys.all],
    success: t('messages.done'),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      header={t('dialog.rejectTitle')}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="risk-reject"
      onSubmit={() => void save.submit(form.values.reason)}
    >
      <div className="lv-field lv-wide">
        <label htmlFor="risk-reason">{t('fields.reason')}</label>
        <InputTextarea
          id="risk-reason"
          name="reason"
          rows={3}
          value={form.values.reason}
          onChange={(e) => (form.set('reason', e.target.value), save.clear('reason'))}
          data-testid="risk-reason"
        />
        {fieldError(save.fieldErrors, 'reason')}
      </div>
    </FormDialog>
  );
}

function ResidualDialog({ risk, onClose }: { risk: Risk; onClose: () => void }) {
  const { t } = useTranslation(['risks', 'errors']);
  const form = useFormValues({
    name: '',
    owner: risk.riskOwner as RiskPerson | null,
    impact: 1,
    likelihood: 1,
    treatmentMethod: null as 'ACCEPT' | 'MITIGATE' | null,
  });
  const { values, set } = form;
  const save = useFormMutation({
    mutationFn: () =>
      risksApi.transition(risk.id, {
        action: 'recordResidual',
        version: risk.version,
        residual: {
          name: values.name,
          riskOwnerId: values.owner?.id ?? null,
          impact: values.impact,
          likelihood: values.likelihood,
          treatmentMethod: values.treatmentMethod,
        },
      }),
    invalidate: [riskKeys.all],
    success: t('messages.done'),
    onSuccess: onClose,
  });
  const scale = (field: 'impact' | 'likelihood') => (
    <div className="lv-field">
      <label htmlFor={`residual-${field}`}>{t(`fields.${field}`)}</label>
      <Dropdown
        inputId={`residual-${field}`}
        value={values[field]}
        options={[1, 2, 3, 4].map((v) => ({ value: v, label: String(v) }))}
        onChange={(e) => set(field, e.value)}
      />
    </div>
  );
  return (
    <FormDialog
      header={t('dialog.residualTitle')}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="risk-residual"
      onSubmit={() => void save.submit(undefined)}
    >
      <div className="lv-field lv-wide">
        <label htmlFor="residual-name">{t('fields.name')}</label>
        <InputText
          id="residual-name"
          name="name"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
        />
        {fieldError(save.fieldErrors, 'residual')}
      </div>
      <div className="lv-field">
        <label htmlFor="residual-owner">{t('fields.riskOwner')}</label>
        <PersonPicker
          inputId="residual-owner"
          value={values.owner}
          onChange={(p) => set('owner', p)}
          useOptions={useRiskOwners}
          testId="residual-owner"
        />
      </div>
      {scale('impact')}
      {scale('likelihood')}
      <div className="lv-field">
        <label htmlFor="residual-method">{t('fields.treatmentMethod')}</label>
        <Dropdown
          inputId="residual-method"
          value={values.treatmentMethod}
          showClear
          options={TREATMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
          onChange={(e) => set('treatmentMethod', e.value ?? null)}
        />
      </div>
    </FormDialog>
  );
}
