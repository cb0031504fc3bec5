import type { UserAbilities } from '../../../shared/employees.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { can, definePolicy, holdsAll, isPerson, isSelf } from '../../core/policy.ts';
import type { UserType } from '../../db/database.ts';

/** What the people rules look at: who the person is, what kind, and what they hold. */
export interface PersonSubject {
  id: string;
  user_type: UserType;
  status: 'ACTIVE' | 'INACTIVE' | 'PENDING';
  /** The person's company-wide permissions: what "above the actor" is measured by. */
  permissions: readonly string[];
}

/** Employees are seen and managed with employees.*, external users with external-users.*. */
export function permissionsFor(person: Pick<PersonSubject, 'user_type'>) {
  return person.user_type === 'EXTERNAL'
    ? ({ view: 'external-users.view', manage: 'external-users.manage' } as const)
    : ({ view: 'employees.view', manage: 'employees.manage' } as const);
}

const manages = (actor: Actor, person: PersonSubject | null): person is PersonSubject =>
  person !== null && can(actor, permissionsFor(person).manage);

/**
 * Nobody acts on someone above them (issue 7): the sign-in email, the two-factor reset, the status,
 * the deletion and a new invitation are only for people whose every permission the actor holds.
 */
const withinReach = (actor: Actor, person: PersonSubject) => holdsAll(actor, person.permissions);

/**
 * Who may do what with people: employees and external users, their documents, imports and
 * exports, and the account actions HR takes for someone (two-factor reset, invitations), which the
 * account services ask here. `null` stands for "people in general" (lists, a new person).
 */
export const peoplePolicy = definePolicy<PersonSubject | null, PersonAbility>('person', {
  list: (actor) => can(actor, 'employees.view'),
  listExternal: (actor) => can(actor, 'external-users.view'),
  /** Names, emails and avatars (pickers, mentions) and the bank list: anyone signed in. */
  lookup: (actor) => isPerson(actor) || actor.kind === 'system',
  create: (actor) => can(actor, 'employees.manage'),
  createExternal: (actor) => can(actor, 'external-users.manage'),
  import: (actor) => can(actor, 'employees.manage'),
  /** The terminal's bulk invite and deactivate; each person is then checked as the API would. */
  bulk: (actor) => can(actor, 'employees.manage'),
  export: (actor) => can(actor, 'employees.export'),
  /** Whether the actor may know this person exists: the person, and those who view or manage their kind. */
  view: (actor, person) =>
    person !== null &&
    (isSelf(actor, person.id) || can(actor, permissionsFor(person).view) || manages(actor, person)),
  viewPrivate: (actor, person) => person !== null && (isSelf(actor, person.id) || manages(actor, person)),
  edit: (actor, person) => manages(actor, person),
  changeEmail: (actor, person) => manages(actor, person) && withinReach(actor, person),
  // Nobody deactivates or deletes their own account: they would lock themselves out.
  changeStatus: (actor, person) =>
    manages(actor, person) && !isSelf(actor, person.id) && withinReach(actor, person),
  delete: (actor, person) =>
    manages(actor, person) && !isSelf(actor, person.id) && withinReach(actor, person),
  resendInvitation: (actor, person) =>
    manages(actor, person) && person.status === 'PENDING' && withinReach(actor, person),
  uploadFiles: (actor, person) => manages(actor, person) && person.user_type === 'EMPLOYEE',
  /** The history of changes on the profile: those who view (or manage) the person's kind. */
  viewHistory: (actor, person) =>
    person !== null && (can(actor, permissionsFor(person).view) || manages(actor, person)),
  /** Which access and project roles the person holds: the person and those who manage them. */
  viewRoles: (actor, person) => person !== null && (isSelf(actor, person.id) || manages(actor, person)),
  /** Turning off someone's two-factor authentication (a lost phone): HR, for people within reach. */
  resetTwoFactor: (actor, person) =>
    person !== null && can(actor, 'employees.manage') && withinReach(actor, person),
});

type PersonAbility =
  | 'list'
  | 'listExternal'
  | 'lookup'
  | 'create'
  | 'createExternal'
  | 'import'
  | 'bulk'
  | 'export'
  | 'view'
  | 'viewPrivate'
  | 'edit'
  | 'changeEmail'
  | 'changeStatus'
  | 'delete'
  | 'resendInvitation'
  | 'uploadFiles'
  | 'resetTwoFactor'
  | 'viewHistory'
  | 'viewRoles';

/** The `abilities` of a person in responses (the keys the client reads). */
export function personAbilities(actor: Actor, person: PersonSubject): UserAbilities {
  const a = peoplePolicy.abilities(actor, person);
  return {
    edit: a.edit,
    viewPrivate: a.viewPrivate,
    changeStatus: a.changeStatus,
    delete: a.delete,
    resendInvitation: a.resendInvitation,
    uploadFiles: a.uploadFiles,
    changeEmail: a.changeEmail,
  };
}
