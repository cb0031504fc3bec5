import type { Actor } from '../../core/context.ts';
import { can, definePolicy, isPerson } from '../../core/policy.ts';

/**
 * Who may do what with company assets.
 *
 * - `assets.view-own` (the User and HR roles): the MY_ASSET tab — the assets assigned to them.
 * - `assets.view`: the COMPANY_ASSET tab, every asset, its history and its QR code; asset audits.
 * - `assets.manage`: create, change, delete, assign, check in, change status, import, bulk
 *   actions, and confirm assets in an audit.
 *
 * An asset one may not see answers 404, like one that does not exist.
 */

export interface AssetFacts {
  assigneeId: string | null;
}

const seesAll = (actor: Actor) => can(actor, 'assets.view') || can(actor, 'assets.manage');
const manages = (actor: Actor) => can(actor, 'assets.manage');

export const assetsPolicy = definePolicy<undefined, 'viewOwn' | 'viewCompany' | 'manage'>('assets', {
  viewOwn: (actor) => can(actor, 'assets.view-own') || seesAll(actor),
  viewCompany: (actor) => seesAll(actor),
  manage: (actor) => manages(actor),
});

export const assetPolicy = definePolicy<
  AssetFacts,
  'view' | 'edit' | 'delete' | 'assign' | 'checkIn' | 'changeStatus'
>('asset', {
  view: (actor, asset) =>
    seesAll(actor) || (isPerson(actor) && can(actor, 'assets.view-own') && asset.assigneeId === actor.id),
  edit: (actor) => manages(actor),
  delete: (actor) => manages(actor),
  assign: (actor) => manages(actor),
  checkIn: (actor, asset) => manages(actor) && asset.assigneeId !== null,
  changeStatus: (actor) => manages(actor),
});
