import type { Command } from 'commander';
import { formatDate } from '../../shared/rules/format.ts';
import { listAuditFindings, runAuditNow } from '../../server/domains/security-audits/audit-runs.service.ts';
import { listAuditChecks } from '../../server/domains/security-audits/audit-schedules.service.ts';
import { EXIT_FAILURE } from '../errors.ts';
import { commandGroup, printLines, printTable, type CliRuntime } from '../runtime.ts';

/** Findings printed by `audit run` (all of them are in the run log and in --json's `findings`). */
const PRINTED_FINDINGS = 20;

/**
 * `backoffice audit run NAME|list`: the security audits from the terminal. `run` runs one check now
 * (recorded in the run log like a run from the UI; a FAILED run exits 1), `list` shows every check
 * with its schedule and latest run.
 */
export function registerAuditCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'audit', t('platformSettings:cli.description'));

  group
    .command('run')
    .description(t('platformSettings:cli.run.description'))
    .argument('<name>', t('platformSettings:cli.run.name'))
    .action((name: string) =>
      runtime.withContext(async (ctx) => {
        const run = await runAuditNow(ctx, name);
        const findings = await listAuditFindings(ctx, run.id, { page: 1, perPage: 100 });
        runtime.output({ ...run, findings: findings.items }, (r) => {
          const check = t(`platformSettings:audits.checks.${r.check}`, { defaultValue: r.check });
          if (r.result === 'FAILED')
            return printLines(t('platformSettings:cli.run.failed', { check, error: r.error }));
          printLines(
            t('platformSettings:cli.run.done', { check, count: r.findingCount, id: r.id }),
            ...r.findings.slice(0, PRINTED_FINDINGS).map((finding) => `  - ${finding.summary}`),
            ...(r.findingCount > PRINTED_FINDINGS
              ? [t('platformSettings:cli.run.more', { count: r.findingCount - PRINTED_FINDINGS })]
              : []),
          );
        });
        if (run.result === 'FAILED') runtime.exitCode = EXIT_FAILURE;
      }),
    );

  group
    .command('list')
    .description(t('platformSettings:cli.list.description'))
    .action(() =>
      runtime.withContext(async (ctx) => {
        const list = await listAuditChecks(ctx);
        runtime.output(list, (l) =>
          printTable(
            [
              { header: t('platformSettings:cli.list.check'), value: (item) => item.check },
              {
                header: t('platformSettings:cli.list.frequency'),
                value: (item) =>
                  item.schedule
                    ? `${t(`platformSettings:audits.frequencies.${item.schedule.frequency}`)}${item.schedule.active ? '' : ` (${t('platformSettings:cli.list.off')})`}`
                    : t('platformSettings:cli.list.onDemand'),
              },
              {
                header: t('platformSettings:cli.list.lastRun'),
                value: (item) =>
                  item.lastRun
                    ? t('platformSettings:cli.list.lastRunValue', {
                        date: formatDate(item.lastRun.finishedAt),
                        result: item.lastRun.result,
                        count: item.lastRun.findingCount,
                      })
                    : t('platformSettings:cli.list.never'),
              },
            ],
            l.items,
            t('platformSettings:cli.list.none'),
          ),
        );
      }),
    );
}
