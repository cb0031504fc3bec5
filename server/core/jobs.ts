import type { ServiceContext } from './context.ts';

/** A background job: a queue name, an optional cron schedule and a handler that calls services. */
export interface JobDefinition {
  name: string;
  cron?: string;
  handler: (ctx: ServiceContext, data: unknown) => Promise<unknown>;
}
