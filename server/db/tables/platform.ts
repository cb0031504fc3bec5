import type { Generated } from 'kysely';
import type { CreatedAt, Defaulted, Json, UpdatedAt } from './columns.ts';

/** Tables every area writes through the core: the audit trail, settings and the mail outbox. */

export interface AuditEventsTable {
  id: Generated<string>;
  occurred_at: CreatedAt;
  actor_id: string | null;
  actor_label: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  ip: string | null;
  request_id: string | null;
  /** The person the event concerns when the actor cannot be them (sign-in, reset by mailed link). */
  subject_id: string | null;
  subject_label: string | null;
}

export interface AppSettingsTable {
  key: string;
  value: Json;
  updated_at: UpdatedAt;
}

/** Internal to the mail area: where a mail is in its delivery. */
export type MailStatus = 'QUEUED' | 'SENT' | 'FAILED' | 'KEPT';

export interface MailOutboxTable {
  id: Generated<string>;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  template: string;
  language: string;
  status: Defaulted<MailStatus>;
  attempts: Defaulted<number>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
}

/** Hits of a rate limit that holds across replicas (server/core/shared-rate-limit.ts). */
export interface RateLimitCountersTable {
  scope: string;
  key: string;
  window_started_at: Date;
  hits: number;
}

export interface PlatformTables {
  audit_events: AuditEventsTable;
  app_settings: AppSettingsTable;
  mail_outbox: MailOutboxTable;
  rate_limit_counters: RateLimitCountersTable;
}
