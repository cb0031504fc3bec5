import type { FastifyPluginAsync } from 'fastify';
import type { Command } from 'commander';
import type { CliRuntime } from '../../cli/runtime.ts';
import type { Config } from '../config.ts';
import type { JobDefinition } from '../core/jobs.ts';
import type { Policy } from '../core/policy.ts';
import type { Db } from '../db/connect.ts';

/** What every area's route plugin receives. */
export interface AreaRouteOptions {
  db: Db;
  config: Config;
}

/** Adds an area's commands to the `backoffice` program. */
export type RegisterCommands = (program: Command, runtime: CliRuntime) => void;

/**
 * One business area, as the server, the worker and the CLI see it (`server/domains/<area>/index.ts`).
 * `app.ts`, the worker and the CLI loop over `AREAS` (./areas.ts): a new area is one file there and
 * one line in that list.
 */
export interface Area {
  name: string;
  /** Fastify plugins registered under `/api`. */
  routes?: ReadonlyArray<FastifyPluginAsync<AreaRouteOptions>>;
  /** Fastify plugins registered at the root (health probes). */
  rootRoutes?: ReadonlyArray<FastifyPluginAsync<AreaRouteOptions>>;
  /** Background jobs and schedules, run by the worker. */
  jobs?: readonly JobDefinition[];
  /**
   * CLI commands, loaded only when the CLI runs: the server never loads commander or the CLI's
   * runtime, and the area files do not import the CLI at start.
   */
  commands?: () => Promise<RegisterCommands>;
  /** The area's policies: the service checks and the abilities sent to clients both come from them. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  policies?: ReadonlyArray<Policy<any, string>>;
}

export const defineArea = (area: Area): Area => area;
