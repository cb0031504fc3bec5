import type { InvoiceStatus } from '../../../shared/invoices.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { can, definePolicy, isPerson, isSelf } from '../../core/policy.ts';

/**
 * Who may do what with invoices and vendors.
 *
 * People submit their own invoices (`invoices.submit`) and change or delete them while they are
 * pending. Managers (`invoices.manage`) see every invoice and may change or delete any pending one.
 * Payers (`invoices.pay`) see every invoice and pay or reject pending ones — never their own: another
 * payer must (separation of duties). A rejected invoice is sent again (reopened) by its submitter or
 * a payer; a payment recorded by mistake is taken back (reopened) by a payer. Reports need
 * `invoices.report`; vendors are kept by `vendors.manage` and listed for everyone who works with
 * invoices.
 */

export interface InvoiceRecord {
  creatorId: string;
  status: InvoiceStatus;
}

const submit = (actor: Actor) => can(actor, 'invoices.submit');
const manage = (actor: Actor) => can(actor, 'invoices.manage');
const pay = (actor: Actor) => can(actor, 'invoices.pay');
const own = (actor: Actor, record: InvoiceRecord) => isSelf(actor, record.creatorId);
const pending = (record: InvoiceRecord) => record.status === 'PENDING';
const ownSubmitted = (actor: Actor, record: InvoiceRecord) => own(actor, record) && submit(actor);

export const invoicePolicy = definePolicy<
  InvoiceRecord,
  'view' | 'edit' | 'delete' | 'pay' | 'reject' | 'reopen'
>('invoice', {
  view: (actor, record) => ownSubmitted(actor, record) || manage(actor) || pay(actor),
  edit: (actor, record) => pending(record) && (ownSubmitted(actor, record) || manage(actor)),
  delete: (actor, record) => pending(record) && (ownSubmitted(actor, record) || manage(actor)),
  pay: (actor, record) => pending(record) && pay(actor) && !own(actor, record),
  reject: (actor, record) => pending(record) && pay(actor) && !own(actor, record),
  reopen: (actor, record) =>
    (record.status === 'REJECTED' && (ownSubmitted(actor, record) || (pay(actor) && !own(actor, record)))) ||
    (record.status === 'PAID' && pay(actor) && !own(actor, record)),
});

export const invoicesPolicy = definePolicy<
  undefined,
  'submit' | 'viewAll' | 'pay' | 'report' | 'export' | 'listVendors' | 'manageVendors' | 'runJobs'
>('invoices', {
  submit: (actor) => isPerson(actor) && submit(actor),
  viewAll: (actor) => manage(actor) || pay(actor),
  pay: (actor) => pay(actor),
  report: (actor) => can(actor, 'invoices.report'),
  export: (actor) => manage(actor) || pay(actor) || can(actor, 'invoices.report'),
  listVendors: (actor) =>
    submit(actor) ||
    manage(actor) ||
    pay(actor) ||
    can(actor, 'invoices.report') ||
    can(actor, 'vendors.manage'),
  manageVendors: (actor) => can(actor, 'vendors.manage'),
  /** The worker's clean-ups are the system's alone. */
  runJobs: (actor) => actor.kind === 'system',
});

/** What the client may offer for one invoice. */
export function invoiceAbilities(actor: Actor, record: InvoiceRecord) {
  const { edit, delete: remove, pay: payIt, reject, reopen } = invoicePolicy.abilities(actor, record);
  return { edit, delete: remove, pay: payIt, reject, reopen };
}

/** Why a payer may not decide an invoice that is otherwise theirs to decide: it is their own. */
export const isOwnInvoice = (actor: Actor, record: InvoiceRecord) => own(actor, record);
