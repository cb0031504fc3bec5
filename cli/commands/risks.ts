import type { Command } from 'commander';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { prepareRiskExport } from '../../server/domains/risks/risk-export.service.ts';
import {
  flagAcceptanceReviewsDue,
  flagOverdueTreatmentPlans,
} from '../../server/domains/risks/risk-jobs.service.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/reporting.schemas.ts';
import { formatDate } from '../../shared/rules/format.ts';
import { oneOf } from '../parsers.ts';
import { commandGroup, printLines, type CliRuntime } from '../runtime.ts';

/** `backoffice risks flag|export`: the worker's flags by hand, and the register for auditors. */
export function registerRiskCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'risks', t('risks:cli.description'));

  group
    .command('flag')
    .description(t('risks:cli.flag.description'))
    .action(() =>
      runtime.withContext(async (ctx) => {
        const overdue = await flagOverdueTreatmentPlans(ctx);
        const reviews = await flagAcceptanceReviewsDue(ctx);
        runtime.output({ overdue, reviews }, (r) =>
          printLines(
            t('risks:cli.flag.done', {
              overdue: r.overdue.flagged,
              reviews: r.reviews.flagged,
              date: formatDate(r.overdue.today),
            }),
          ),
        );
      }),
    );

  group
    .command('export')
    .description(t('risks:cli.export.description'))
    .requiredOption('-o, --output <file>', t('risks:cli.export.output'))
    .option('--format <format>', t('risks:cli.export.format'), oneOf(EXPORT_FORMATS, t), 'xlsx')
    .action((options: { output: string; format: ExportFormat }) =>
      runtime.withContext(async (ctx) => {
        const prepared = await prepareRiskExport(ctx, { format: options.format });
        const file = createWriteStream(options.output);
        const count = await prepared.write(file);
        await finished(file);
        runtime.output({ file: options.output, count }, () =>
          printLines(t('risks:cli.export.done', { count, file: options.output })),
        );
      }),
    );
}
