import type { Department } from '../../../shared/departments.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { can, definePolicy } from '../../core/policy.ts';
import type { DepartmentRecord } from './departments.repository.ts';

/**
 * Who may do what with departments. `null` stands for "departments in general" (the list, a new
 * one); the rules do not depend on the department yet, but take it so that a later rule (a
 * department head editing their own department) changes this file only.
 */
export const departmentPolicy = definePolicy<DepartmentRecord | null, DepartmentAbility>('department', {
  view: (actor) => can(actor, 'departments.view'),
  create: (actor) => can(actor, 'departments.manage'),
  edit: (actor) => can(actor, 'departments.manage'),
  changeStatus: (actor) => can(actor, 'departments.manage'),
  delete: (actor) => can(actor, 'departments.manage'),
});

type DepartmentAbility = 'view' | 'create' | 'edit' | 'changeStatus' | 'delete';

/** The `abilities` of a department in responses: the keys the client reads, from the rules above. */
export function departmentAbilities(actor: Actor, record: DepartmentRecord): Department['abilities'] {
  const { edit, changeStatus, delete: remove } = departmentPolicy.abilities(actor, record);
  return { edit, changeStatus, delete: remove };
}
