import { defineArea } from '../area.ts';

/** Administrators created from the terminal. */
export const usersArea = defineArea({
  name: 'users',
  commands: async () =>
    (await import('../../../cli/commands/administrators.ts')).registerAdministratorCommands,
});
