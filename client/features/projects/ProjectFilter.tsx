import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../api/session.ts';
import { useProjectOptions } from './projects.queries.ts';

/**
 * The project filter of other lists (the employee list): people of the chosen projects. Shown to
 * those who may see projects; the options are the projects they may see.
 */
export function ProjectFilter({
  value,
  onChange,
  className,
}: {
  value: string[];
  onChange: (projectIds: string[] | undefined) => void;
  className?: string;
}) {
  const { t } = useTranslation('projects');
  const canSee = usePermission('projects.view');
  const options = useProjectOptions(canSee);
  if (!canSee) return null;
  return (
    <label className={className}>
      <span>{t('employeeFilter.project')}</span>
      <MultiSelect
        value={value}
        options={(options.data?.items ?? []).map((project) => ({
          value: project.id,
          label: `${project.name} · ${project.client.name}`,
        }))}
        placeholder={t('employeeFilter.anyProject')}
        filter
        maxSelectedLabels={2}
        onChange={(event) => onChange(event.value?.length ? (event.value as string[]) : undefined)}
        data-testid="employee-project-filter"
      />
    </label>
  );
}
