import type { Language } from '../../shared/i18n/index.ts';
import type { Permission } from '../../shared/permissions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';

/** Who is acting: a signed-in user, or the system itself (CLI without --as, worker jobs). */
export interface Actor {
  kind: 'user' | 'system';
  id: string | null;
  /** Email of a user, or 'system'; kept in audit events. */
  label: string;
  /** Company-wide permissions from ACCESS and EMPLOYEE_ROLE roles. */
  permissions: ReadonlySet<Permission>;
  /** Permissions from PROJECT roles, per project id. */
  projectPermissions: ReadonlyMap<string, ReadonlySet<Permission>>;
  sessionId?: string;
}

/** Where a call came from, for audit events and messages. */
export interface RequestInfo {
  ip: string | null;
  requestId: string | null;
  language: Language;
  userAgent?: string | null;
}

/** Everything a service needs: the database (or the open transaction), the actor, the request, the config. */
export interface ServiceContext {
  db: Db;
  actor: Actor;
  request: RequestInfo;
  config: Config;
  /** Work to run once the surrounding transaction has committed (pushes, cache invalidation). */
  afterCommit: Array<() => void | Promise<void>>;
  inTransaction: boolean;
}

export const SYSTEM_ACTOR: Actor = {
  kind: 'system',
  id: null,
  label: 'system',
  permissions: new Set<Permission>(),
  projectPermissions: new Map(),
};

export function createContext(
  deps: { db: Db; config: Config },
  actor: Actor,
  request: Partial<RequestInfo> = {},
): ServiceContext {
  return {
    db: deps.db,
    actor,
    config: deps.config,
    request: { ip: null, requestId: null, language: 'en', ...request },
    afterCommit: [],
    inTransaction: false,
  };
}
