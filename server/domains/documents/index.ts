import { defineArea } from '../area.ts';
import { documentPolicy, documentsPolicy } from './documents.policy.ts';
import { documentRoutes } from './documents.routes.ts';

/** Company documents: categories, versions, audiences and read acknowledgements. */
export const documentsArea = defineArea({
  name: 'documents',
  routes: [documentRoutes],
  policies: [documentsPolicy, documentPolicy],
});
