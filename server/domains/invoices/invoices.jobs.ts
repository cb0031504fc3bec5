import type { JobDefinition } from '../../core/jobs.ts';
import { sweepOrphanAttachmentFiles } from './invoice-file-sweep.service.ts';

/** Daily at 03:40 UTC: attachment files left by an upload whose server died before it committed. */
export const invoiceJobs: JobDefinition[] = [
  {
    name: 'invoices.sweep-orphan-files',
    cron: '40 3 * * *',
    handler: (ctx) => sweepOrphanAttachmentFiles(ctx),
  },
];
