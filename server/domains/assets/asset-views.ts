import { GB, type Asset, type AssetPerson } from '../../../shared/assets.schemas.ts';
import { assetValueBand } from '../../../shared/rules/asset-value.ts';
import type { ServiceContext } from '../../core/context.ts';
import { assetPolicy } from './assets.policy.ts';
import type { AssetRow } from './assets.repository.ts';

/**
 * Assets as the API sends them, with what the caller may do to each. Not use cases: the services
 * call these after their own checks.
 */

const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
const KINDS = ['INFORMATION', 'ASSIGNMENT'] as const;

export const isActivePerson = (person: { status: string | null; deleted_at: Date | null }) =>
  person.status === 'ACTIVE' && person.deleted_at === null;

function person(row: AssetRow, alias: 'o' | 'p', id: string | null): AssetPerson | null {
  if (!id) return null;
  const r = row as unknown as Record<string, unknown>;
  return {
    id,
    firstName: String(r[`${alias}_first_name`] ?? ''),
    lastName: String(r[`${alias}_last_name`] ?? ''),
    email: String(r[`${alias}_email`] ?? ''),
    avatarUrl: (r[`${alias}_avatar_url`] as string | null) ?? null,
    active: r[`${alias}_status`] === 'ACTIVE' && r[`${alias}_deleted_at`] === null,
  };
}

/** What the QR code of an asset holds: the URL of its page, so any phone camera opens it. */
export function assetUrl(ctx: ServiceContext, id: string): string {
  return `${ctx.config.publicUrl}/asset-management/${id}`;
}

export function toAsset(ctx: ServiceContext, row: AssetRow): Asset {
  const assignee = person(row, 'p', row.assignee_id);
  const may = assetPolicy.abilities(ctx.actor, { assigneeId: row.assignee_id });
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    serialNumber: row.serial_number,
    quantity: row.quantity,
    storageGb: row.storage_bytes === null ? null : Number(row.storage_bytes) / GB,
    processors: row.processors,
    priority: PRIORITIES[row.priority - 1]!,
    kind: KINDS[row.kind]!,
    description: row.description,
    location: row.location,
    owner: person(row, 'o', row.owner_id),
    confidentiality: row.confidentiality,
    integrity: row.integrity,
    availability: row.availability,
    securityValue: row.security_value,
    securityBand: assetValueBand(row.security_value),
    assignee,
    assignedAt: row.assigned_at?.toISOString() ?? null,
    assigneeInactive: assignee !== null && !assignee.active,
    url: assetUrl(ctx, row.id),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: {
      edit: may.edit,
      delete: may.delete,
      assign: may.assign,
      checkIn: may.checkIn,
      changeStatus: may.changeStatus,
    },
  };
}
