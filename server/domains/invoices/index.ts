import { defineArea } from '../area.ts';
import { invoiceJobs } from './invoices.jobs.ts';
import { invoicePolicy, invoicesPolicy } from './invoices.policy.ts';
import { invoiceRoutes } from './invoices.routes.ts';
import { vendorRoutes } from './vendors.routes.ts';

/** Invoices and expenses with their attachments, payment, report and export; vendors. */
export const invoicesArea = defineArea({
  name: 'invoices',
  routes: [invoiceRoutes, vendorRoutes],
  policies: [invoicesPolicy, invoicePolicy],
  jobs: invoiceJobs,
  commands: async () => (await import('../../../cli/commands/invoices.ts')).registerInvoiceCommands,
});
