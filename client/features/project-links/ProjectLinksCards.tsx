import { usePermission } from '../../api/session.ts';
import { ProjectCloudCard } from './ProjectCloudCard.tsx';
import { ProjectGitCard } from './ProjectGitCard.tsx';
import { ProviderAccountsCard } from './ProviderAccountsCard.tsx';

/** What a project links to beyond Jira: repositories (with their accounts), cloud accounts, Figma members. */
export function ProjectLinksCards({ projectId }: { projectId: string }) {
  const canSeeAccounts = usePermission('accounts.view');
  return (
    <>
      <ProjectGitCard projectId={projectId} />
      <ProjectCloudCard projectId={projectId} />
      {canSeeAccounts && <ProviderAccountsCard projectId={projectId} kind="figma" />}
    </>
  );
}
