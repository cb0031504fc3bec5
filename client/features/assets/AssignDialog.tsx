import { useTranslation } from 'react-i18next';
import type { RiskPerson } from '../../../shared/risks.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { fieldError, FormDialog } from '../recurring-tasks/FormDialog.tsx';
import { assetKeys, assetsApi, useAssetPeople } from './assets.queries.ts';
import { PersonPicker } from './PersonPicker.tsx';

/** Hands one asset, or the selected ones (all or none), to an active person. */
export function AssignDialog({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const { t } = useTranslation(['assets', 'errors']);
  const form = useFormValues({ person: null as RiskPerson | null });
  const save = useFormMutation({
    mutationFn: async (assigneeId: string): Promise<unknown> =>
      ids.length === 1
        ? assetsApi.assign(ids[0]!, assigneeId)
        : assetsApi.bulk({ action: 'assign', ids, assigneeId }),
    invalidate: [assetKeys.all],
    success: t('messages.assigned'),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      header={ids.length === 1 ? t('dialog.assignTitle') : t('dialog.assignBulkTitle')}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="asset-assign"
      onSubmit={() => {
        if (!form.values.person) save.setProblems({ assigneeId: t('errors:validation.required') });
        else void save.submit(form.values.person.id);
      }}
    >
      <div className="lv-field lv-wide">
        <label htmlFor="asset-assignee">{t('dialog.person')}</label>
        <PersonPicker
          inputId="asset-assignee"
          value={form.values.person}
          onChange={(person) => (form.set('person', person), save.clear('assigneeId'))}
          useOptions={useAssetPeople}
          invalid={Boolean(save.fieldErrors.assigneeId)}
          testId="asset-assignee"
        />
        {fieldError(save.fieldErrors, 'assigneeId')}
      </div>
    </FormDialog>
  );
}
