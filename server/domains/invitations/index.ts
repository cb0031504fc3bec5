import { defineArea } from '../area.ts';
import { invitationRoutes } from './invitations.routes.ts';
import { outboxRoutes } from './outbox.routes.ts';

/** Invitations to sign up, and the development mail outbox. */
export const invitationsArea = defineArea({ name: 'invitations', routes: [invitationRoutes, outboxRoutes] });
