import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DAY_PARTS,
  LEAVE_ATTACHMENT_MAX_MB,
  type DayPart,
  type LeaveRequest,
} from '../../../shared/leave.schemas.ts';
import { leaveDuration } from '../../../shared/rules/leave-duration.ts';
import { checkFile } from '../../forms/file-check.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { fromPickerDate, PICKER_FORMAT, toPickerDate, typedPickerDate } from '../projects/project-dates.ts';
import { daysText } from './leave-format.ts';
import {
  leaveApi,
  leaveKeys,
  useAbsenceTypes,
  useApproverCandidates,
  useLeavePreview,
} from './leave.queries.ts';

/**
 * Request leave, or change a request that waits: type, start and end with half days, reason,
 * approvers, and an attachment when the type asks for one. While the person types, the server's
 * preview shows the duration, what the balance leaves and whether colleagues are off then.
 */
export function LeaveRequestDialog({
  request,
  onClose,
}: {
  request: LeaveRequest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['leave', 'errors']);
  const types = useAbsenceTypes();
  const [search, setSearch] = useState('');
  const candidates = useApproverCandidates(search);
  const [attachment, setAttachment] = useState<File | null>(null);
  const form = useFormValues(
    {
      absenceTypeId: request?.absenceType.id ?? '',
      startDate: request?.startDate ?? null,
      startPart: (request?.startPart ?? 'MORNING') as DayPart,
      endDate: request?.endDate ?? null,
      endPart: (request?.endPart ?? 'AFTERNOON') as DayPart,
      reason: request?.reason ?? '',
      approverIds: request?.approvers.map((a) => a.approverId) ?? ([] as string[]),
    },
    { parse: { startDate: typedPickerDate, endDate: typedPickerDate } },
  );
  const guard = useUnsavedChanges(form.dirty || attachment !== null);
  const save = useFormMutation({
    mutationFn: (input: Parameters<typeof leaveApi.create>[0]) =>
      request
        ? leaveApi.update(request.id, { ...input, version: request.version }, attachment)
        : leaveApi.create(input, attachment),
    invalidate: [leaveKeys.all],
    success: request ? t('ui.saved') : t('ui.sent'),
    onSuccess: () => {
      guard.release();
      onClose();
    },
  });
  const { values, set } = form;
  const errors = save.fieldErrors;
  const type = types.data?.items.find((item) => item.id === values.absenceTypeId);
  const ready = Boolean(
    values.absenceTypeId && values.startDate && values.endDate && values.endDate >= values.startDate!,
  );
  const preview = useLeavePreview(
    ready
      ? {
          absenceTypeId: values.absenceTypeId,
          startDate: values.startDate!,
          startPart: values.startPart,
          endDate: values.endDate!,
          endPart: values.endPart,
          ...(request && { excludeId: request.id }),
        }
      : null,
  );
  // The same count as the server's, at once; the preview then adds holidays and the balance.
  const localDuration = ready
    ? leaveDuration({ ...values, startDate: values.startDate!, endDate: values.endDate! })
    : null;
  const duration = preview.data?.duration ?? localDuration;
  const needsAttachment =
    type?.attachmentAfterDays != null &&
    duration !== null &&
    duration > type.attachmentAfterDays &&
    !request?.attachment;

  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    set(field, value);
    save.clear(field as string);
  };
  const fieldError = (field: string) =>
    errors[field] ? (
      <small className="lv-error" role="alert">
        {errors[field]}
      </small>
    ) : null;

  function submit() {
    const problems: Record<string, string> = {};
    for (const field of ['absenceTypeId', 'startDate', 'endDate'] as const)
      if (!values[field]) problems[field] = t('errors:validation.required');
    if (values.approverIds.length === 0) problems.approverIds = t('errors:validation.required');
    if (Object.keys(problems).length > 0) return save.setProblems(problems);
    void save.submit({
      absenceTypeId: values.absenceTypeId,
      startDate: values.startDate!,
      startPart: values.startPart,
      endDate: values.endDate!,
      endPart: values.endPart,
      reason: values.reason.trim(),
      approverIds: values.approverIds,
    });
  }

  const parts = (prefix: 'startPart' | 'endPart') =>
    DAY_PARTS.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const people = candidates.data?.items ?? [];
  const chosen =
    request?.approvers.map((a) => ({
      id: a.approverId,
      firstName: a.firstName,
      lastName: a.lastName,
      email: '',
    })) ?? [];
  const options = [...people, ...chosen.filter((c) => !people.some((p) => p.id === c.id))].map((person) => ({
    value: person.id,
    label: `${person.firstName} ${person.lastName}`.trim() + (person.email ? ` <${person.email}>` : ''),
  }));

  return (
    <Dialog
      visible
      header={request ? t('ui.editTitle') : t('ui.newTitle')}
      onHide={onClose}
      // Escape closes a date picker's panel; it must not also throw away what was typed.
      closeOnEscape={!form.dirty}
      className="form-dialog"
      style={{ width: 'min(40rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('ui.close')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={request ? t('ui.save') : t('ui.send')}
            icon="pi pi-send"
            loading={save.submitting}
            data-testid="leave-submit"
          />
        </div>
      }
    >
      {guard.prompt}
      <form
        id={form.formId}
        className="lv-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {save.message && (
          <p className="lv-error lv-wide" role="alert">
            {save.message}
          </p>
        )}
        <div className="lv-field lv-wide">
          <label htmlFor="leave-type">{t('ui.fields.type')}</label>
          <Dropdown
            inputId="leave-type"
            value={values.absenceTypeId}
            options={(types.data?.items ?? [])
              .filter((item) => item.active)
              .map((item) => ({ value: item.id, label: item.name }))}
            placeholder={t('ui.chooseType')}
            invalid={Boolean(errors.absenceTypeId)}
            onChange={(event) => change('absenceTypeId', event.value as string)}
          />
          {fieldError('absenceTypeId')}
        </div>
        <div className="lv-field">
          <label htmlFor="leave-start">{t('ui.fields.start')}</label>
          <Calendar
            inputId="leave-start"
            name="startDate"
            value={toPickerDate(values.startDate)}
            dateFormat={PICKER_FORMAT}
            showIcon
            invalid={Boolean(errors.startDate)}
            onChange={(event) => {
              const next = fromPickerDate(event.value as Date | null);
              change('startDate', next);
              if (next && (!values.endDate || values.endDate < next)) change('endDate', next);
            }}
          />
          {fieldError('startDate')}
        </div>
        <div className="lv-field">
          <label htmlFor="leave-start-part">{t('ui.fields.startPart')}</label>
          <Dropdown
            inputId="leave-start-part"
            value={values.startPart}
            options={parts('startPart')}
            disabled={type?.allowHalfDay === false}
            onChange={(event) => change('startPart', event.value as DayPart)}
          />
          {fieldError('startPart')}
        </div>
        <div className="lv-field">
          <label htmlFor="leave-end">{t('ui.fields.end')}</label>
          <Calendar
            inputId="leave-end"
            name="endDate"
            value={toPickerDate(values.endDate)}
            dateFormat={PICKER_FORMAT}
            minDate={toPickerDate(values.startDate) ?? undefined}
            showIcon
            invalid={Boolean(errors.endDate)}
            onChange={(event) => change('endDate', fromPickerDate(event.value as Date | null))}
          />
          {fieldError('endDate')}
        </div>
        <div className="lv-field">
          <label htmlFor="leave-end-part">{t('ui.fields.endPart')}</label>
          <Dropdown
            inputId="leave-end-part"
            value={values.endPart}
            options={parts('endPart')}
            disabled={type?.allowHalfDay === false}
            onChange={(event) => change('endPart', event.value as DayPart)}
          />
          {fieldError('endPart')}
        </div>
        <div className="lv-wide" aria-live="polite" data-testid="leave-preview">
          {duration !== null && (
            <span className="lv-duration" data-testid="leave-duration">
              {daysText(duration, t)}
            </span>
          )}
          {preview.data?.remaining != null && (
            <span className="lv-hint">
              {' · '}
              {t('ui.remainingAfter', { count: preview.data.remaining - (duration ?? 0) })}
            </span>
          )}
          {preview.data?.holidays.length ? (
            <Message
              severity="error"
              text={t('errors:validation.leaveIncludesHoliday', {
                holidays: preview.data.holidays.join(', '),
              })}
            />
          ) : null}
          {preview.data?.clash?.warn && (
            <Message
              severity="warn"
              data-testid="leave-clash"
              text={t('ui.clash', {
                count: preview.data.clash.peopleOff,
                department: preview.data.clash.departmentName,
                share: preview.data.clash.sharePercent,
                names: preview.data.clash.names.join(', '),
              })}
            />
          )}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="leave-approvers">{t('ui.fields.approvers')}</label>
          <MultiSelect
            inputId="leave-approvers"
            value={values.approverIds}
            options={options}
            filter
            onFilter={(event) => setSearch(event.filter)}
            display="chip"
            placeholder={t('ui.chooseApprovers')}
            invalid={Boolean(errors.approverIds)}
            onChange={(event) => change('approverIds', event.value as string[])}
            data-testid="leave-approvers"
          />
          {fieldError('approverIds')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="leave-reason">{t('ui.fields.reason')}</label>
          <InputTextarea
            id="leave-reason"
            name="reason"
            value={values.reason}
            rows={2}
            autoResize
            maxLength={1000}
            onChange={(event) => change('reason', event.target.value)}
          />
          {fieldError('reason')}
        </div>
        {(needsAttachment || type?.attachmentAfterDays != null) && (
          <div className="lv-field lv-wide">
            <label htmlFor="leave-attachment">
              {t('ui.fields.attachment')}
              {needsAttachment && ' *'}
            </label>
            <input
              id="leave-attachment"
              type="file"
              accept="application/pdf,image/png,image/jpeg"
              onChange={async (event) => {
                const file = event.target.files?.[0] ?? null;
                if (!file) return setAttachment(null);
                const problem = await checkFile(
                  file,
                  {
                    types: ['application/pdf', 'image/png', 'image/jpeg'],
                    maxBytes: LEAVE_ATTACHMENT_MAX_MB * 1024 * 1024,
                  },
                  'attachment',
                );
                if (problem) {
                  save.setProblems({
                    attachment: t(`errors:validation.${problem.code}`, {
                      ...problem.params,
                      number: LEAVE_ATTACHMENT_MAX_MB,
                    }),
                  });
                  event.target.value = '';
                  return setAttachment(null);
                }
                save.clear('attachment');
                setAttachment(file);
              }}
            />
            <span className="lv-hint">
              {t('ui.attachmentHint', { days: type?.attachmentAfterDays ?? 0, max: LEAVE_ATTACHMENT_MAX_MB })}
            </span>
            {fieldError('attachment')}
          </div>
        )}
      </form>
    </Dialog>
  );
}
