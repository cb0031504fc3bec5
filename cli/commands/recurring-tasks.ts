import type { Command } from 'commander';
import {
  RECURRENCE_CYCLES,
  type RecurrenceCycle,
  type RecurringTask,
} from '../../shared/recurring-tasks.schemas.ts';
import { formatDate } from '../../shared/rules/format.ts';
import {
  generateDueChildren,
  markOverdueChildren,
} from '../../server/domains/recurring-tasks/recurring-task-jobs.service.ts';
import { listRecurringTasks } from '../../server/domains/recurring-tasks/recurring-tasks.service.ts';
import { oneOf } from '../parsers.ts';
import { commandGroup, printLines, printTable, type CliRuntime } from '../runtime.ts';

const STATES = ['all', 'active', 'inactive'] as const;

/**
 * `backoffice recurring-tasks generate|mark-overdue|list`: ops run the scheduler by hand (the same
 * idempotent runs the worker makes hourly) and read the tasks.
 */
export function registerRecurringTaskCommands(program: Command, runtime: CliRuntime): void {
  const { t } = runtime;
  const group = commandGroup(program, 'recurring-tasks', t('recurringTasks:cli.description'));

  group
    .command('generate')
    .description(t('recurringTasks:cli.generate.description'))
    .action(() =>
      runtime.withContext(async (ctx) => {
        const result = await generateDueChildren(ctx);
        runtime.output(result, (r) =>
          printLines(
            t('recurringTasks:cli.generate.done', {
              count: r.generated,
              tasks: r.tasks,
              date: formatDate(r.today),
            }),
          ),
        );
      }),
    );

  group
    .command('mark-overdue')
    .description(t('recurringTasks:cli.markOverdue.description'))
    .action(() =>
      runtime.withContext(async (ctx) => {
        const result = await markOverdueChildren(ctx);
        runtime.output(result, (r) =>
          printLines(
            t('recurringTasks:cli.markOverdue.done', { count: r.overdue, date: formatDate(r.today) }),
          ),
        );
      }),
    );

  group
    .command('list')
    .description(t('recurringTasks:cli.list.description'))
    .option('--search <text>', t('recurringTasks:cli.list.search'))
    .option('--cycle <cycle>', t('recurringTasks:cli.list.cycle'), oneOf(RECURRENCE_CYCLES, t))
    .option('--status <status>', t('recurringTasks:cli.list.status'), oneOf(STATES, t), 'all')
    .action((options: { search?: string; cycle?: RecurrenceCycle; status: (typeof STATES)[number] }) =>
      runtime.withContext(async (ctx) => {
        const items: RecurringTask[] = [];
        for (let page = 1; ; page++) {
          const result = await listRecurringTasks(ctx, {
            search: options.search,
            cycle: options.cycle,
            ...(options.status !== 'all' && { active: options.status === 'active' }),
            page,
            perPage: 100,
          });
          items.push(...result.items);
          if (page >= result.lastPage) break;
        }
        runtime.output({ items }, () =>
          printTable(
            [
              { header: t('recurringTasks:fields.name'), value: (r: RecurringTask) => r.name },
              {
                header: t('recurringTasks:fields.cycle'),
                value: (r) => t(`recurringTasks:cycle.${r.cycle}`),
              },
              {
                header: t('recurringTasks:fields.nextScheduledDate'),
                value: (r) => formatDate(r.nextScheduledDate),
              },
              {
                header: t('recurringTasks:fields.deadlineDays'),
                value: (r) => r.deadlineDays,
                align: 'right',
              },
              {
                header: t('recurringTasks:fields.status'),
                value: (r) => t(r.active ? 'recurringTasks:active' : 'recurringTasks:inactive'),
              },
              {
                header: t('recurringTasks:fields.open'),
                value: (r) => r.childCounts.INCOMPLETE + r.childCounts.OVERDUE,
                align: 'right',
              },
              {
                header: t('recurringTasks:fields.assignees'),
                value: (r) => r.assignees.map((a) => a.email).join(', '),
              },
            ],
            items,
            t('recurringTasks:cli.list.empty'),
          ),
        );
      }),
    );
}
