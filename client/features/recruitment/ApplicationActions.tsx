import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES, type ContractType } from '../../../shared/employees.schemas.ts';
import {
  FEEDBACK_STAGE_KINDS,
  RECOMMENDATIONS,
  type Application,
  type Campaign,
  type FeedbackBody,
  type HireBody,
  type MoveBody,
  type Recommendation,
} from '../../../shared/recruitment.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { fromPickerDate, PICKER_FORMAT, toPickerDate, typedPickerDate } from '../projects/project-dates.ts';
import { fieldError, FormDialog } from '../recurring-tasks/FormDialog.tsx';
import { recruitmentApi, recruitmentKeys } from './recruitment.queries.ts';

/** The three things done to a candidate: move them (with a reason), give feedback, hire them. */

type Props = { campaign: Campaign; application: Application; onClose: () => void };

export function MoveDialog({ campaign, application, onClose }: Props) {
  const { t } = useTranslation('recruitment');
  const form = useFormValues({
    stageId: (campaign.stages.find(
      (s) =>
        s.position > campaign.stages.find((x) => x.id === application.stage.id)!.position &&
        s.kind !== 'HIRED',
    )?.id ?? null) as string | null,
    reason: '',
  });
  const { values, set } = form;
  const save = useFormMutation({
    mutationFn: (input: MoveBody) => recruitmentApi.move(application.id, input),
    invalidate: [recruitmentKeys.all],
    success: t('messages.moved'),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      header={t('move.title', { name: fullName(application.candidate) })}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="move-form"
      onSubmit={() =>
        void save.submit({
          stageId: values.stageId ?? '',
          reason: values.reason,
          version: application.version,
        })
      }
    >
      <div className="lv-field lv-wide">
        <label htmlFor="move-stage">{t('fields.stage')}</label>
        <Dropdown
          inputId="move-stage"
          value={values.stageId}
          options={campaign.stages
            .filter((s) => s.kind !== 'HIRED' && s.id !== application.stage.id)
            .map((s) => ({ value: s.id, label: s.name }))}
          onChange={(e) => (set('stageId', e.value), save.clear('stageId'))}
          data-testid="move-stage"
        />
        {fieldError(save.fieldErrors, 'stageId')}
      </div>
      <div className="lv-field lv-wide">
        <label htmlFor="move-reason">{t('fields.reason')}</label>
        <InputTextarea
          id="move-reason"
          name="reason"
          rows={2}
          value={values.reason}
          invalid={Boolean(save.fieldErrors.reason)}
          onChange={(e) => (set('reason', e.target.value), save.clear('reason'))}
          data-testid="move-reason"
        />
        {fieldError(save.fieldErrors, 'reason')}
      </div>
    </FormDialog>
  );
}

export function FeedbackDialog({ campaign, application, onClose }: Props) {
  const { t } = useTranslation('recruitment');
  const stages = campaign.stages.filter((s) => FEEDBACK_STAGE_KINDS.includes(s.kind));
  const form = useFormValues({
    stageId: (stages.find((s) => s.id === application.stage.id)?.id ?? stages[0]?.id ?? null) as
      string | null,
    recommendation: 'YES' as Recommendation,
    comment: '',
    scores: {} as Record<string, number>,
  });
  const { values, set } = form;
  const save = useFormMutation({
    mutationFn: (input: FeedbackBody) => recruitmentApi.feedback(application.id, input),
    invalidate: [recruitmentKeys.all],
    success: t('messages.feedbackSaved'),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      header={t('feedback.title', { name: fullName(application.candidate) })}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="feedback-form"
      onSubmit={() =>
        void save.submit({
          stageId: values.stageId ?? '',
          recommendation: values.recommendation,
          comment: values.comment.trim() || null,
          scores: Object.entries(values.scores).map(([criterionId, score]) => ({ criterionId, score })),
        })
      }
    >
      <div className="lv-field">
        <label htmlFor="feedback-stage">{t('fields.stage')}</label>
        <Dropdown
          inputId="feedback-stage"
          value={values.stageId}
          options={stages.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(e) => set('stageId', e.value)}
        />
        {fieldError(save.fieldErrors, 'stageId')}
      </div>
      <div className="lv-field">
        <label htmlFor="feedback-recommendation">{t('fields.recommendation')}</label>
        <Dropdown
          inputId="feedback-recommendation"
          value={values.recommendation}
          options={RECOMMENDATIONS.map((r) => ({ value: r, label: t(`recommendations.${r}`) }))}
          onChange={(e) => set('recommendation', e.value)}
          data-testid="feedback-recommendation"
        />
      </div>
      {campaign.criteria.map((criterion, index) => (
        <div className="lv-field" key={criterion.id}>
          <label htmlFor={`feedback-score-${index}`}>{`${criterion.name} (1–${criterion.scaleMax})`}</label>
          <Dropdown
            inputId={`feedback-score-${index}`}
            value={values.scores[criterion.id] ?? null}
            showClear
            options={Array.from({ length: criterion.scaleMax }, (_, i) => ({
              value: i + 1,
              label: String(i + 1),
            }))}
            onChange={(e) => {
              const { [criterion.id]: _old, ...rest } = values.scores;
              set('scores', e.value ? { ...rest, [criterion.id]: e.value } : rest);
            }}
            data-testid={`feedback-score-${index}`}
          />
          {fieldError(save.fieldErrors, `scores.${Object.keys(values.scores).indexOf(criterion.id)}`)}
        </div>
      ))}
      <div className="lv-field lv-wide">
        <label htmlFor="feedback-comment">{t('fields.comment')}</label>
        <InputTextarea
          id="feedback-comment"
          name="comment"
          rows={3}
          value={values.comment}
          onChange={(e) => set('comment', e.target.value)}
          data-testid="feedback-comment"
        />
        {fieldError(save.fieldErrors, 'comment')}
      </div>
    </FormDialog>
  );
}

export function HireDialog({ campaign, application, onClose }: Props) {
  const { t } = useTranslation('recruitment');
  const form = useFormValues(
    { onboardDate: null as string | null, contractType: 'PROBATION' as ContractType | null, reason: '' },
    { parse: { onboardDate: typedPickerDate } },
  );
  const { values, set } = form;
  const save = useFormMutation({
    mutationFn: (input: HireBody) => recruitmentApi.hire(application.id, input),
    invalidate: [recruitmentKeys.all, ['employees']],
    success: t('messages.hired', { email: application.candidate.email }),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      header={t('hire.title', { name: fullName(application.candidate) })}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="hire-form"
      onSubmit={() =>
        void save.submit({
          onboardDate: values.onboardDate,
          contractType: values.contractType,
          reason: values.reason.trim() || undefined,
        })
      }
    >
      <p className="lv-wide">
        {t('hire.explain', {
          name: fullName(application.candidate),
          email: application.candidate.email,
          department: campaign.department?.name ?? '—',
        })}
      </p>
      <div className="lv-field">
        <label htmlFor="hire-onboardDate">{t('fields.onboardDate')}</label>
        <Calendar
          inputId="hire-onboardDate"
          name="onboardDate"
          value={toPickerDate(values.onboardDate)}
          dateFormat={PICKER_FORMAT}
          showButtonBar
          onChange={(e) => set('onboardDate', fromPickerDate(e.value as Date | null))}
        />
        {fieldError(save.fieldErrors, 'onboardDate')}
      </div>
      <div className="lv-field">
        <label htmlFor="hire-contract">{t('fields.contractType')}</label>
        <Dropdown
          inputId="hire-contract"
          value={values.contractType}
          showClear
          options={CONTRACT_TYPES.map((c) => ({ value: c, label: t(`contracts.${c}`) }))}
          onChange={(e) => set('contractType', e.value ?? null)}
        />
      </div>
      <div className="lv-field lv-wide">
        <label htmlFor="hire-reason">{t('fields.reason')}</label>
        <InputTextarea
          id="hire-reason"
          name="reason"
          rows={2}
          value={values.reason}
          onChange={(e) => set('reason', e.target.value)}
        />
        {fieldError(save.fieldErrors, 'email')}
        {fieldError(save.fieldErrors, 'phoneNumber')}
      </div>
    </FormDialog>
  );
}
