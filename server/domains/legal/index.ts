import { defineArea } from '../area.ts';
import { legalPageRoutes } from './legal-pages.routes.ts';

/** The terms of service and the privacy policy: public pages, edited in platform settings. */
export const legalArea = defineArea({
  name: 'legal',
  routes: [legalPageRoutes],
});
