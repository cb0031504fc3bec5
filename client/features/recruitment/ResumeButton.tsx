import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { ResumeRef } from '../../../shared/recruitment.schemas.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { recruitmentApi } from './recruitment.queries.ts';

/** Opens a resume's PDF in a new tab (fetched with the access token, shown from a blob). */
export function ResumeButton({ resume }: { resume: ResumeRef | null }) {
  const { t } = useTranslation('recruitment');
  const run = useRunAction([]);
  if (!resume) return <span>—</span>;
  return (
    <Button
      type="button"
      icon="pi pi-file-pdf"
      text
      label={resume.fileName}
      data-testid="resume-open"
      onClick={() =>
        void run(async () => {
          const blob = await recruitmentApi.resumeFile(resume.id);
          const url = URL.createObjectURL(blob);
          window.open(url, '_blank', 'noopener');
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
        }, t('messages.resumeOpened'))
      }
    />
  );
}
