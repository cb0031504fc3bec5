import type { Command } from 'commander';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { prepareDataExportByEmail } from '../../server/domains/privacy/data-export.service.ts';
import { previewRetention, runRetention } from '../../server/domains/privacy/retention.service.ts';
import { formatDate } from '../../shared/rules/format.ts';
import { commandGroup, printLines, type CliRuntime } from '../runtime.ts';

/**
 * `backoffice people export-data EMAIL -o FILE` (a person's data as a ZIP) and
 * `backoffice privacy retention [--run]` (the dry run of the anonymisation, then the run).
 */
export function registerPrivacyCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const people = commandGroup(program, 'people', t('privacy:cli.people.description'));

  people
    .command('export-data')
    .description(t('privacy:cli.exportData.description'))
    .argument('<email>', t('privacy:cli.exportData.email'))
    .requiredOption('-o, --output <file>', t('privacy:cli.exportData.output'))
    .action((email: string, options: { output: string }) =>
      runtime.withContext(async (ctx) => {
        // Prepared (and so authorized) before the file is created: a refusal leaves no empty file.
        const prepared = await prepareDataExportByEmail(ctx, email);
        const file = createWriteStream(options.output);
        const count = await prepared.write(file);
        await finished(file);
        runtime.output({ file: options.output, email, count }, () =>
          printLines(t('privacy:cli.exportData.done', { count, email, file: options.output })),
        );
      }),
    );

  const privacy = commandGroup(program, 'privacy', t('privacy:cli.description'));
  privacy
    .command('retention')
    .description(t('privacy:cli.retention.description'))
    .option('--run', t('privacy:cli.retention.run'))
    .action((options: { run?: boolean }) =>
      runtime.withContext(async (ctx) => {
        const preview = await previewRetention(ctx);
        if (!options.run) {
          runtime.output(preview, (p) =>
            printLines(
              t('privacy:cli.retention.preview', {
                count: p.candidates.length,
                months: p.retentionMonths,
                date: formatDate(p.today),
              }),
              ...p.candidates.map((c) =>
                t('privacy:cli.retention.candidate', {
                  name: `${c.lastName} ${c.firstName}`.trim(),
                  email: c.email,
                  offboard: formatDate(c.offboardDate),
                  due: formatDate(c.dueDate),
                }),
              ),
              t('privacy:cli.retention.fields', {
                cleared: p.anonymisedFields.join(', '),
                kept: p.keptFields.join(', '),
              }),
            ),
          );
          return;
        }
        const result = await runRetention(ctx);
        runtime.output(result, (r) =>
          printLines(t('privacy:cli.retention.done', { count: r.anonymisedCount })),
        );
      }),
    );
}
