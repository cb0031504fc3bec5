import type {
  Employee,
  EmployeeFile,
  EmployeeSummary,
  UserAbilities,
} from '../../../shared/employees.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { can } from '../../core/policy.ts';
import type { EmployeeRecord, FileRecord } from './employees.repository.ts';

/** Employees are managed with employees.*, external users with external-users.*. */
export function permissionsFor(record: Pick<EmployeeRecord, 'user_type'>) {
  return record.user_type === 'EXTERNAL'
    ? ({ view: 'external-users.view', manage: 'external-users.manage' } as const)
    : ({ view: 'employees.view', manage: 'employees.manage' } as const);
}

/** Whether the actor may know this person exists: those who view the kind of person, and the person. */
export function canSee(actor: Actor, record: Pick<EmployeeRecord, 'id' | 'user_type'>): boolean {
  return actor.id === record.id || can(actor, permissionsFor(record).view);
}

export function abilitiesFor(
  actor: Actor,
  record: Pick<EmployeeRecord, 'id' | 'user_type' | 'status'>,
): UserAbilities {
  const manage = can(actor, permissionsFor(record).manage);
  const self = actor.id === record.id;
  return {
    edit: manage,
    viewPrivate: manage || self,
    // Nobody deactivates or deletes their own account: they would lock themselves out.
    changeStatus: manage && !self,
    delete: manage && !self,
    // Invitation mails are sent by those who manage employees (invitations.service authorizes so).
    resendInvitation: manage && record.status === 'PENDING' && can(actor, 'employees.manage'),
    uploadFiles: manage && record.user_type === 'EMPLOYEE',
  };
}

const ref = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

export function toSummary(actor: Actor, r: EmployeeRecord): EmployeeSummary {
  return {
    id: r.id,
    type: r.user_type,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    avatarUrl: r.avatar_url,
    status: r.status,
    contractType: r.contract_type,
    employeeRole: ref(r.employee_role_id, r.employee_role_name),
    department: ref(r.department_id, r.department_name),
    onboardDate: r.onboard_date,
    offboardDate: r.offboard_date,
    phoneNumber: r.phone_number,
    discordAccount: r.discord_account_id ? { id: r.discord_account_id } : null,
    organization: r.organization,
    employeeCode: r.employee_code,
    lineManager: ref(r.line_manager_id, r.line_manager_name),
    createdAt: r.created_at.toISOString(),
    abilities: abilitiesFor(actor, r),
  };
}

export function fileUrl(userId: string, kind: string): string {
  return `/api/users/${userId}/files/${kind}`;
}

export function toFile(file: FileRecord): EmployeeFile {
  return {
    id: file.id,
    kind: file.kind,
    fileName: file.file_name,
    contentType: file.content_type,
    sizeBytes: file.size_bytes,
    uploadedAt: file.created_at.toISOString(),
    url: fileUrl(file.user_id, file.kind),
  };
}

/** Every field; the caller has been checked for viewPrivate. */
export function toEmployee(actor: Actor, r: EmployeeRecord, files: FileRecord[]): Employee {
  const byKind = new Map(files.map((f) => [f.kind, toFile(f)]));
  return {
    ...toSummary(actor, r),
    gender: r.gender,
    birthday: r.birthday,
    address: r.address,
    bank: ref(r.bank_id, r.bank_name),
    bankAccountNumber: r.bank_account_number,
    idCardNumber: r.id_card_number,
    idCardIssueDate: r.id_card_issue_date,
    idCardIssueAuthority: r.id_card_issue_authority,
    socialInsuranceNumber: r.social_insurance_number,
    note: r.note,
    language: r.language,
    files: { NDA_FILE: byKind.get('NDA_FILE') ?? null, CONTRACT_FILE: byKind.get('CONTRACT_FILE') ?? null },
    updatedAt: r.updated_at.toISOString(),
  };
}
