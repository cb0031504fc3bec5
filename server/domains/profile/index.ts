import { defineArea } from '../area.ts';
import { profileRoutes } from './profile.routes.ts';

/** A person's own profile, avatar and language. */
export const profileArea = defineArea({ name: 'profile', routes: [profileRoutes] });
