import {
  GB,
  KIND_NUMBER,
  PRIORITY_NUMBER,
  type AssetBody,
  type AssetStatus,
} from '../../../shared/assets.schemas.ts';
import { assetValue } from '../../../shared/rules/asset-value.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import type { ServiceContext } from '../../core/context.ts';
import { isActivePerson } from './asset-views.ts';
import * as repo from './assets.repository.ts';

/** The rules of an asset's fields, shared by the form's calls and the import (not use cases). */

/** An asset's input as columns; the status is the one given, or the current one, or IN_STORAGE. */
export function assetValues(input: AssetBody, currentStatus?: AssetStatus): repo.AssetValues {
  return {
    name: input.name.trim(),
    type: input.type,
    status: input.status ?? currentStatus ?? 'IN_STORAGE',
    serial_number: input.serialNumber?.trim() || null,
    quantity: input.quantity,
    storage_bytes:
      input.storageGb === null || input.storageGb === undefined
        ? null
        : String(Math.round(input.storageGb * GB)),
    processors: input.processors?.trim() || null,
    priority: PRIORITY_NUMBER[input.priority],
    kind: KIND_NUMBER[input.kind],
    description: input.description?.trim() || null,
    location: input.location?.trim() || null,
    owner_id: input.ownerId ?? null,
    confidentiality: input.confidentiality,
    integrity: input.integrity,
    availability: input.availability,
    security_value: assetValue(input),
  };
}

/**
 * Problems the schema cannot see: an owner who does not exist (or has left), a serial number
 * another live asset of the same type already has, in the database or earlier in the same batch.
 */
export async function assetProblems(
  ctx: ServiceContext,
  inputs: ReadonlyArray<{ input: AssetBody; id?: string }>,
): Promise<FieldProblem[][]> {
  const owners = new Map(
    (
      await repo.findPeople(
        ctx.db,
        inputs.flatMap(({ input }) => (input.ownerId ? [input.ownerId] : [])),
      )
    ).map((p) => [p.id, p]),
  );
  const serials = inputs.flatMap(({ input }) =>
    input.serialNumber?.trim() ? [{ type: input.type, serial: input.serialNumber.trim() }] : [],
  );
  const taken = await repo.findBySerials(ctx.db, serials);
  const seen = new Map<string, number>();
  return inputs.map(({ input, id }, index) => {
    const problems: FieldProblem[] = [];
    if (input.ownerId) {
      const owner = owners.get(input.ownerId);
      if (!owner || owner.deleted_at) problems.push({ field: 'ownerId', code: 'unknownPerson' });
      else if (!isActivePerson(owner)) problems.push({ field: 'ownerId', code: 'personInactive' });
    }
    const serial = input.serialNumber?.trim().toLowerCase();
    if (serial) {
      const key = `${input.type}\u0000${serial}`;
      const clash = taken.find(
        (row) => row.type === input.type && row.serial_number?.toLowerCase() === serial && row.id !== id,
      );
      if (clash || seen.has(key))
        problems.push({ field: 'serialNumber', code: 'serialTaken', params: { type: input.type } });
      seen.set(key, index);
    }
    return problems;
  });
}
