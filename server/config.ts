import path from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

/**
 * Every environment variable Backoffice reads, with its default. Documented in README.md and .env.example.
 * Values are validated at start: a bad one stops start-up with a message naming the variable.
 */
const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'production',
    description: 'development, production or test',
  }),
  HOST: Type.String({ default: 'localhost', minLength: 1, description: 'the address to listen on' }),
  PORT: Type.Integer({ default: 3000, minimum: 0, maximum: 65535, description: 'a port from 0 to 65535' }),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://', description: 'an http(s):// URL' })),
  DATABASE_URL: Type.Optional(
    Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// URL' }),
  ),
  DATABASE_SESSION_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description:
        'a postgres:// URL with whole sessions (PostgreSQL, or a session-mode pooler) for LISTEN, the job queue and migrations; unset: DATABASE_URL',
    }),
  ),
  DATABASE_POOL_SIZE: Type.Integer({
    default: 10,
    minimum: 1,
    maximum: 200,
    description: 'a number from 1 to 200',
  }),
  DATA_DIR: Type.String({ default: 'data', minLength: 1, description: 'a folder path' }),
  EMBEDDED_PG_PORT: Type.Integer({ default: 5433, minimum: 1, maximum: 65535, description: 'a port' }),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32, description: 'at least 32 characters' })),
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({
    default: 900,
    minimum: 10,
    maximum: 86400,
    description: '10 to 86400',
  }),
  REFRESH_SESSION_DAYS: Type.Integer({ default: 14, minimum: 1, maximum: 365, description: '1 to 365' }),
  SIGN_IN_MAX_FAILURES: Type.Integer({ default: 5, minimum: 1, maximum: 100, description: '1 to 100' }),
  SIGN_IN_LOCK_MINUTES: Type.Integer({ default: 15, minimum: 1, maximum: 1440, description: '1 to 1440' }),
  RATE_LIMIT_PER_MINUTE: Type.Integer({ default: 600, minimum: 1, description: 'a positive number' }),
  BODY_LIMIT_BYTES: Type.Integer({ default: 1048576, minimum: 1024, description: 'at least 1024' }),
  TRUST_PROXY: Type.Boolean({ default: false, description: 'true or false' }),
  RUN_WORKER: Type.Union([Type.Literal('auto'), Type.Literal('true'), Type.Literal('false')], {
    default: 'auto',
    description: 'auto (in-process with the embedded database), true or false',
  }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent',
  }),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://',
      description: 'an smtp:// or smtps:// URL (unset: mails stay in the outbox)',
    }),
  ),
  MAIL_FROM: Type.String({
    default: 'Backoffice <no-reply@backoffice.local>',
    minLength: 3,
    description: 'a sender',
  }),
  NOTIFICATION_RETENTION_DAYS: Type.Integer({
    default: 90,
    minimum: 1,
    maximum: 3650,
    description: 'days a read notification is kept, 1 to 3650',
  }),
  REALTIME_HEARTBEAT_SECONDS: Type.Integer({
    default: 30,
    minimum: 1,
    maximum: 300,
    description: 'seconds between websocket pings; a connection silent for two is dropped, 1 to 300',
  }),
  COMPANY_TIME_ZONE: Type.String({
    default: 'Asia/Ho_Chi_Minh',
    pattern: '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$',
    description: "an IANA time zone such as Asia/Ho_Chi_Minh: where 'today' is for leave and overtime",
  }),
  CONNECTIONS_KEY: Type.Optional(
    Type.String({
      pattern: '^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$',
      description: '32 bytes as 64 hex digits or base64 (openssl rand -base64 32)',
    }),
  ),
  SECRETS_PEPPER: Type.Optional(
    Type.String({
      pattern: '^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$',
      description:
        '32 bytes as 64 hex digits or base64 (openssl rand -base64 32): checks passcodes and seals vault keys; never in the database',
    }),
  ),
  BACKUP_ENCRYPTION_KEY: Type.Optional(
    Type.String({
      pattern: '^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$',
      description:
        '32 bytes as 64 hex digits or base64 (openssl rand -base64 32); unset: archives are not encrypted',
    }),
  ),
  FILE_STORAGE: Type.Union([Type.Literal('local'), Type.Literal('s3')], {
    default: 'local',
    description: 'local (DATA_DIR/files) or s3 (an S3-compatible bucket)',
  }),
  FILE_STORAGE_S3_BUCKET: Type.Optional(
    Type.String({
      pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$',
      description: 'a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
    }),
  ),
  FILE_STORAGE_S3_REGION: Type.String({
    default: 'us-east-1',
    pattern: '^[a-z0-9-]+$',
    description: 'a region such as eu-west-1',
  }),
  FILE_STORAGE_S3_ENDPOINT: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'an http(s):// URL of an S3-compatible service' }),
  ),
  FILE_STORAGE_S3_FORCE_PATH_STYLE: Type.Boolean({ default: false, description: 'true or false' }),
  FILE_STORAGE_S3_PREFIX: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*/?$',
      description: 'a key prefix such as backoffice/files (letters, digits, . _ - and /)',
    }),
  ),
  CONNECTIONS_TIMEOUT_SECONDS: Type.Integer({
    default: 15,
    minimum: 1,
    maximum: 120,
    description: 'seconds a call to a connected provider may take, 1 to 120',
  }),
  BACKOFFICE_ADMIN_EMAIL: Type.Optional(Type.String({ format: 'email', description: 'an email address' })),
  BACKOFFICE_ADMIN_PASSWORD: Type.Optional(
    Type.String({ minLength: 8, description: 'a password by the policy' }),
  ),
});

export type RawConfig = Static<typeof ConfigSchema>;

export interface Config extends RawConfig {
  /** Absolute data directory (embedded database, uploaded files). */
  dataDir: string;
  publicUrl: string;
  isProduction: boolean;
  isDevelopment: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const BOOLEAN_VARIABLES = new Set(['TRUST_PROXY', 'FILE_STORAGE_S3_FORCE_PATH_STYLE']);

/** Reads and validates configuration from an environment (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const raw = env[key];
    if (raw === undefined || raw === '') continue;
    input[key] = coerce(key, raw);
  }
  const withDefaults = Value.Default(ConfigSchema, input) as Record<string, unknown>;
  const problems = [...Value.Errors(ConfigSchema, withDefaults)].map((error) => {
    const key =
      error.instancePath.replace(/^\//, '') || String(error.params && Object.values(error.params)[0]);
    const property = (ConfigSchema.properties as Record<string, { description?: string }>)[key];
    return `${key}=${JSON.stringify(env[key] ?? '')} is not valid: expected ${property?.description ?? error.message}`;
  });
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${[...new Set(problems)].join('\n  ')}`);
  }
  const config = withDefaults as RawConfig;
  if (config.BACKOFFICE_ADMIN_PASSWORD && !config.BACKOFFICE_ADMIN_EMAIL) {
    throw new ConfigError(
      'Invalid configuration:\n  BACKOFFICE_ADMIN_PASSWORD is set, so BACKOFFICE_ADMIN_EMAIL is required',
    );
  }
  if (config.FILE_STORAGE === 's3' && !config.FILE_STORAGE_S3_BUCKET) {
    throw new ConfigError(
      'Invalid configuration:\n  FILE_STORAGE=s3, so FILE_STORAGE_S3_BUCKET (the bucket to keep uploaded files in) is required',
    );
  }
  const port = config.PORT || 3000;
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    isProduction: config.NODE_ENV === 'production',
    isDevelopment: config.NODE_ENV === 'development',
  };
}

function coerce(key: string, raw: string): unknown {
  const property = (ConfigSchema.properties as Record<string, { type?: string }>)[key];
  if (property?.type === 'integer') return /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (BOOLEAN_VARIABLES.has(key)) return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}
