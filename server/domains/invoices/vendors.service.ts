import type { FieldProblem } from '../../../shared/errors.ts';
import { normalizeTaxCode, normalizeWebsite, taxCodeProblem } from '../../../shared/rules/vendors.ts';
import type {
  Vendor,
  VendorBody,
  VendorPage,
  VendorQuery,
  VendorStatusBody,
  VendorUpdateBody,
} from '../../../shared/vendors.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, isUniqueViolation, validationError } from '../../core/errors.ts';
import { paginate } from '../../core/paging.ts';
import { inTransaction } from '../../core/transaction.ts';
import { invoicesPolicy } from './invoices.policy.ts';
import * as repo from './vendors.repository.ts';

/** Vendors: the list every invoice form picks from, and their upkeep by `vendors.manage`. */

function toVendor(ctx: ServiceContext, row: repo.VendorRow): Vendor {
  const manage = invoicesPolicy.can(ctx.actor, 'manageVendors', undefined);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    taxCode: row.tax_code,
    website: row.website,
    address: row.address,
    status: row.status,
    invoiceCount: row.invoice_count,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: { edit: manage, changeStatus: manage, delete: manage && row.invoice_count === 0 },
  };
}

async function requireVendor(ctx: ServiceContext, id: string): Promise<repo.VendorRow> {
  const row = await repo.findVendor(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const taxCodeTaken = (name: string) =>
  new AppError('ALREADY_EXISTS', {
    params: { field: 'taxCode' },
    details: [{ field: 'taxCode', code: 'vendorTaxCodeTaken', params: { name }, message: '' }],
  });

/** The fields as kept, or every problem at once (422): the tax code's format, the website. */
function checkFields(input: VendorBody): repo.VendorValues {
  const problems: FieldProblem[] = [];
  const taxCode = input.taxCode?.trim() ? normalizeTaxCode(input.taxCode) : null;
  if (taxCode && taxCodeProblem(taxCode)) problems.push({ field: 'taxCode', code: 'taxCode' });
  const website = input.website?.trim() ? normalizeWebsite(input.website) : null;
  if (input.website?.trim() && !website) problems.push({ field: 'website', code: 'url' });
  if (problems.length > 0) throw validationError(problems);
  return {
    name: input.name.trim(),
    description: input.description?.trim() || null,
    tax_code: taxCode,
    website,
    address: input.address?.trim() || null,
  };
}

/** 409 when another live vendor has the tax code (checked first for the message; the index holds). */
async function checkTaxCodeFree(ctx: ServiceContext, taxCode: string | null, exceptId?: string) {
  if (!taxCode) return;
  const other = await repo.findVendorByTaxCode(ctx.db, taxCode, exceptId);
  if (other) throw taxCodeTaken(other.name);
}

async function saving<T>(ctx: ServiceContext, taxCode: string | null, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    // Two saves of one tax code at once: the second meets the unique index.
    if (isUniqueViolation(error, 'vendors_tax_code_key')) {
      const other = taxCode ? await repo.findVendorByTaxCode(ctx.db, taxCode) : undefined;
      throw taxCodeTaken(other?.name ?? taxCode ?? '');
    }
    throw error;
  }
}

/** Vendors by name: active ones for the invoice form, every one (and inactive) for their keepers. */
export async function listVendors(ctx: ServiceContext, query: VendorQuery): Promise<VendorPage> {
  invoicesPolicy.authorize(ctx.actor, 'listVendors', undefined);
  const manage = invoicesPolicy.can(ctx.actor, 'manageVendors', undefined);
  return paginate(
    query,
    (window) =>
      repo.listVendors(ctx.db, { search: query.search, status: manage ? query.status : 'ACTIVE' }, window),
    (row) => toVendor(ctx, row),
  );
}

/** One vendor. */
export async function getVendor(ctx: ServiceContext, id: string): Promise<Vendor> {
  invoicesPolicy.authorize(ctx.actor, 'listVendors', undefined);
  const row = await requireVendor(ctx, id);
  if (row.status !== 'ACTIVE' && !invoicesPolicy.can(ctx.actor, 'manageVendors', undefined))
    throw new AppError('NOT_FOUND');
  return toVendor(ctx, row);
}

/** Adds a vendor; a tax code another live vendor has is refused (409). */
export async function createVendor(ctx: ServiceContext, input: VendorBody): Promise<Vendor> {
  invoicesPolicy.authorize(ctx.actor, 'manageVendors', undefined);
  const values = checkFields(input);
  return inTransaction(ctx, async (tx) => {
    await checkTaxCodeFree(tx, values.tax_code);
    const id = await saving(
      tx,
      values.tax_code,
      repo.insertVendor(tx.db, { ...values, created_by: tx.actor.id }),
    );
    const created = toVendor(tx, await requireVendor(tx, id));
    await recordAudit(tx, { action: 'vendor.created', entityType: 'vendor', entityId: id, after: created });
    return created;
  });
}

/** Changes a vendor (412 on a stale `version`). */
export async function updateVendor(
  ctx: ServiceContext,
  id: string,
  input: VendorUpdateBody,
): Promise<Vendor> {
  invoicesPolicy.authorize(ctx.actor, 'manageVendors', undefined);
  const values = checkFields(input);
  return inTransaction(ctx, async (tx) => {
    const locked = await repo.lockVendor(tx.db, id);
    if (!locked) throw new AppError('NOT_FOUND');
    if (locked.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    await checkTaxCodeFree(tx, values.tax_code, id);
    const before = toVendor(tx, await requireVendor(tx, id));
    await saving(tx, values.tax_code, repo.updateVendor(tx.db, id, values));
    const after = toVendor(tx, await requireVendor(tx, id));
    await recordAudit(tx, { action: 'vendor.updated', entityType: 'vendor', entityId: id, before, after });
    return after;
  });
}

/** Activates or deactivates a vendor: an inactive one is no longer offered on new invoices. */
export async function setVendorStatus(
  ctx: ServiceContext,
  id: string,
  input: VendorStatusBody,
): Promise<Vendor> {
  invoicesPolicy.authorize(ctx.actor, 'manageVendors', undefined);
  return inTransaction(ctx, async (tx) => {
    const locked = await repo.lockVendor(tx.db, id);
    if (!locked) throw new AppError('NOT_FOUND');
    if (locked.version !== input.version) throw new AppError('PRECONDITION_FAILED');
    const before = toVendor(tx, await requireVendor(tx, id));
    if (locked.status === input.status) return before;
    await repo.updateVendor(tx.db, id, { status: input.status });
    const after = toVendor(tx, await requireVendor(tx, id));
    await recordAudit(tx, {
      action: input.status === 'ACTIVE' ? 'vendor.activated' : 'vendor.deactivated',
      entityType: 'vendor',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Deletes a vendor no invoice names; one that is named is refused (422): deactivate it instead. */
export async function deleteVendor(ctx: ServiceContext, id: string): Promise<void> {
  invoicesPolicy.authorize(ctx.actor, 'manageVendors', undefined);
  await inTransaction(ctx, async (tx) => {
    const locked = await repo.lockVendor(tx.db, id);
    if (!locked) throw new AppError('NOT_FOUND');
    const count = await repo.countVendorInvoices(tx.db, id);
    if (count > 0) throw new AppError('VENDOR_IN_USE', { params: { count } });
    const before = toVendor(tx, await requireVendor(tx, id));
    await repo.deleteVendor(tx.db, id);
    await recordAudit(tx, { action: 'vendor.deleted', entityType: 'vendor', entityId: id, before });
  });
}
