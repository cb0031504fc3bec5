import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { Toast } from 'primereact/toast';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Employee, EmployeeSummary } from '../../../shared/employees.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { usePermission, useSession } from '../../api/session.ts';
import { PageLoading } from '../../layout/PageLoading.tsx';
import EmployeeFormPage from './EmployeeFormPage.tsx';
import { download } from '../../api/http.ts';
import { useEmployeeDetail, usePerson } from './employees.queries.ts';
import { InvitationCard } from './InvitationCard.tsx';
import { PeopleStyles } from './PeopleStyles.tsx';
import { PersonHistory } from './PersonHistory.tsx';
import { PersonRolesCard } from './PersonRolesCard.tsx';
import { ProfileStyles } from './ProfileStyles.tsx';
import { TwoFactorResetCard } from './TwoFactorResetCard.tsx';
import { OffboardingChecklistCard } from '../connections/OffboardingChecklistCard.tsx';

/**
 * employee/:id: the person's read-only profile in sections (personal, work, bank and documents, roles
 * and projects, invitation, two-factor, history of changes). `?edit=1` opens the edit form.
 */
export default function EmployeeProfilePage() {
  const [params] = useSearchParams();
  const { id } = useParams();
  const { t } = useTranslation('profile');
  if (params.get('edit') === '1') {
    return (
      <>
        <Link to={`/employee-management/employee/${id}`} data-testid="back-to-profile">
          <i className="pi pi-id-card" aria-hidden="true" /> {t('actions.backToProfile')}
        </Link>
        <EmployeeFormPage />
      </>
    );
  }
  return <Profile key={id} id={id!} />;
}

function Profile({ id }: { id: string }) {
  const { t } = useTranslation(['profile', 'people', 'errors']);
  const summary = usePerson(id);
  const detail = useEmployeeDetail(id, Boolean(summary.data?.abilities.viewPrivate));
  if (summary.isLoading || detail.isLoading) return <PageLoading />;
  if (summary.isError || !summary.data) {
    return (
      <div className="people-page">
        <PeopleStyles />
        <Message severity="warn" text={t('people:messages.notFound')} />
        <Link to="/employee-management">{t('people:actions.back')}</Link>
      </div>
    );
  }
  return <ProfileView person={summary.data} employee={detail.data ?? null} />;
}

/** One label and value of a section; an empty value reads as a dash. */
function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{empty ? '—' : children}</dd>
    </>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="people-card" data-testid={testId} aria-label={title}>
      <div className="profile-card__head">
        <h3>{title}</h3>
      </div>
      {children}
    </section>
  );
}

function ProfileView({ person, employee }: { person: EmployeeSummary; employee: Employee | null }) {
  const { t } = useTranslation(['profile', 'people', 'errors']);
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useRef<Toast>(null);
  const session = useSession();
  const canManage = usePermission(person.type === 'EXTERNAL' ? 'external-users.manage' : 'employees.manage');
  const canSeeRoles = usePermission('roles.view');
  const canViewHistory = usePermission(person.type === 'EXTERNAL' ? 'external-users.view' : 'employees.view');
  const canSeeAccounts = usePermission('accounts.view');
  const canResetTwoFactor = usePermission('employees.manage');
  const self = session?.user.id === person.id;
  const name = fullName(person) || person.email;
  const d = (value: string | null | undefined) => (value ? formatDate(value) : null);

  // The message of a creation, carried over from the create page.
  const created = (location.state as { created?: string } | null)?.created;
  useEffect(() => {
    if (!created) return;
    toast.current?.show({
      severity: 'success',
      summary: t('people:messages.created', { name: created, email: person.email }),
      life: 6000,
    });
    navigate(location.pathname, { replace: true, state: null });
  }, [created, person.email, location.pathname, navigate, t]);

  async function downloadDocument(url: string, fileName: string) {
    try {
      await download(url.replace(/^\/api/, ''), fileName);
    } catch (error) {
      toast.current?.show({ severity: 'error', summary: errorMessage(error, t), life: 6000 });
    }
  }

  return (
    <div className="people-page" data-testid="employee-profile">
      <PeopleStyles />
      <ProfileStyles />
      <Toast ref={toast} position="bottom-right" />
      <Link to="/employee-management">
        <i className="pi pi-arrow-left" aria-hidden="true" /> {t('people:actions.back')}
      </Link>

      <header className="profile-head">
        <div className="profile-head__identity">
          <span className="profile-head__avatar" aria-hidden="true">
            {person.avatarUrl ? (
              <img src={person.avatarUrl} alt="" />
            ) : (
              (person.firstName || name).slice(0, 1).toUpperCase()
            )}
          </span>
          <div className="profile-head__text">
            <h2 data-testid="profile-name">{name}</h2>
            <div className="profile-head__meta">
              <Tag
                value={t(`people:status.${person.status}`)}
                severity={
                  person.status === 'ACTIVE'
                    ? 'success'
                    : person.status === 'PENDING'
                      ? 'warning'
                      : 'secondary'
                }
                data-testid="employee-status"
              />
              {person.employeeCode && (
                <Tag value={person.employeeCode} severity="info" data-testid="profile-code" />
              )}
              <span>{person.email}</span>
            </div>
          </div>
        </div>
        {person.abilities.edit && (
          <div className="people-page__actions profile-head__actions">
            <Button
              icon="pi pi-pencil"
              label={t('actions.edit')}
              onClick={() => navigate(`/employee-management/employee/${person.id}?edit=1`)}
              data-testid="profile-edit"
            />
          </div>
        )}
      </header>

      <div className="profile-grid">
        <Section title={t('sections.personal')} testId="profile-personal">
          <dl className="profile-list">
            <Row label={t('people:fields.lastName')}>{person.lastName}</Row>
            <Row label={t('people:fields.firstName')}>{person.firstName}</Row>
            <Row label={t('people:fields.email')}>{person.email}</Row>
            <Row label={t('people:fields.phoneNumber')}>{person.phoneNumber}</Row>
            {employee && (
              <>
                <Row label={t('people:fields.gender')}>
                  {employee.gender && t(`people:gender.${employee.gender}`)}
                </Row>
                <Row label={t('people:fields.birthday')}>{d(employee.birthday)}</Row>
                <Row label={t('people:fields.address')}>{employee.address}</Row>
                <Row label={t('people:fields.language')}>{t(`people:languages.${employee.language}`)}</Row>
              </>
            )}
          </dl>
          {!employee && <Message severity="info" text={t('people:messages.privateHidden')} />}
        </Section>

        <Section title={t('sections.work')} testId="profile-work">
          <dl className="profile-list">
            <Row label={t('people:fields.employeeCode')} testId="profile-work-code">
              {person.employeeCode}
            </Row>
            <Row label={t('people:fields.lineManager')} testId="profile-line-manager">
              {person.lineManager && (
                <Link to={`/employee-management/employee/${person.lineManager.id}`}>
                  {person.lineManager.name}
                </Link>
              )}
            </Row>
            <Row label={t('people:fields.department')}>{person.department?.name}</Row>
            <Row label={t('people:fields.employeeRole')}>{person.employeeRole?.name}</Row>
            <Row label={t('people:fields.contractType')}>
              {person.contractType && t(`people:contractType.${person.contractType}`)}
            </Row>
            <Row label={t('people:fields.onboardDate')}>{d(person.onboardDate)}</Row>
            <Row label={t('people:fields.offboardDate')}>{d(person.offboardDate)}</Row>
            <Row label={t('people:fields.discordAccountId')}>{person.discordAccount?.id}</Row>
            {person.organization && <Row label={t('people:fields.organization')}>{person.organization}</Row>}
          </dl>
        </Section>

        {employee && (
          <Section title={t('sections.bank')} testId="profile-bank">
            <dl className="profile-list">
              <Row label={t('people:fields.bank')}>{employee.bank?.name}</Row>
              <Row label={t('people:fields.bankAccountNumber')}>{employee.bankAccountNumber}</Row>
              <Row label={t('people:fields.idCardNumber')}>{employee.idCardNumber}</Row>
              <Row label={t('people:fields.idCardIssueDate')}>{d(employee.idCardIssueDate)}</Row>
              <Row label={t('people:fields.idCardIssueAuthority')}>{employee.idCardIssueAuthority}</Row>
              <Row label={t('people:fields.socialInsuranceNumber')}>{employee.socialInsuranceNumber}</Row>
              {(['NDA_FILE', 'CONTRACT_FILE'] as const).map((kind) => {
                const file = employee.files[kind];
                return (
                  <Row
                    key={kind}
                    label={t(`people:fields.${kind === 'NDA_FILE' ? 'ndaFile' : 'contractFile'}`)}
                  >
                    {file && (
                      <Button
                        type="button"
                        link
                        icon="pi pi-file-pdf"
                        style={{ padding: 0 }}
                        label={`${file.fileName} · ${formatDate(file.uploadedAt)}`}
                        onClick={() => void downloadDocument(file.url, file.fileName)}
                      />
                    )}
                  </Row>
                );
              })}
              {employee.note && <Row label={t('people:fields.note')}>{employee.note}</Row>}
            </dl>
          </Section>
        )}

        {(canSeeRoles || canManage || self) && <PersonRolesCard personId={person.id} />}
        {person.status === 'PENDING' && canManage && <InvitationCard person={person} toast={toast} />}
        {canResetTwoFactor && person.type === 'EMPLOYEE' && person.status !== 'PENDING' && (
          <TwoFactorResetCard person={person} toast={toast} />
        )}
        {/* HR's offboarding checklist: each account the deactivated person held (accounts.view). */}
        {person.status === 'INACTIVE' && canSeeAccounts && <OffboardingChecklistCard userId={person.id} />}
      </div>

      {canViewHistory && <PersonHistory personId={person.id} />}
    </div>
  );
}
