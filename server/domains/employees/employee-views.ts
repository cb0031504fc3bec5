import type { Employee, EmployeeFile, EmployeeSummary } from '../../../shared/employees.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { personAbilities } from './employees.policy.ts';
import type { FileRecord } from './employees.repository.ts';
import type { PersonRecord } from './person-records.ts';

const ref = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

export function toSummary(actor: Actor, r: PersonRecord): EmployeeSummary {
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
    abilities: personAbilities(actor, r),
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
export function toEmployee(actor: Actor, r: PersonRecord, files: FileRecord[]): Employee {
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
