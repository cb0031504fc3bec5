import { Type, type Static } from 'typebox';
import { NonBlankString, TEXT_SHORT, Uuid } from './common.schemas.ts';

/**
 * Work devices and forced updates (spec section 2-9, issue 19 part A). A person declares each work
 * device; the OS and browser versions are read from the browser (User-Agent Client Hints, else the
 * User-Agent parsed by the server), never typed. Administrators keep the latest OS and browser
 * versions with their release dates and a grace period (WORK_DEVICE_UPDATE_MANAGEMENT).
 */
export const DEVICE_OSES = ['WINDOWS', 'MAC', 'LINUX'] as const;
export type DeviceOs = (typeof DEVICE_OSES)[number];
export const DEVICE_BROWSERS = ['CHROME', 'SAFARI', 'EDGE', 'FIREFOX'] as const;
export type DeviceBrowser = (typeof DEVICE_BROWSERS)[number];
export const REQUIREMENT_KINDS = ['OS', 'BROWSER'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

/** Grace period bounds in days (documented in the README): 0 blocks at the release date, 90 is a quarter. */
export const GRACE_PERIOD_MIN_DAYS = 0;
export const GRACE_PERIOD_MAX_DAYS = 90;
export const GRACE_PERIOD_DEFAULT_DAYS = 14;
/** Auto-lock guidance: 5 minutes or less; the form accepts 1 to 240 so a longer lock is recorded honestly. */
export const AUTO_LOCK_GUIDANCE_MINUTES = 5;
export const AUTO_LOCK_MAX_MINUTES = 240;
/** 1 to 4 dot-separated numbers, each at most 9 digits: 17, 124.0.6367.91, 10.15.7. */
export const VERSION_PATTERN = /^\d{1,9}(\.\d{1,9}){0,3}$/;

/** Client Hints are printable ASCII (brands like "Not_A Brand", versions like "124.0.6367.91"). */
const HintText = (maxLength: number) => Type.String({ maxLength, pattern: '^[ -~]*$' });

/** What the browser could read about itself (navigator.userAgentData.getHighEntropyValues). */
export const BrowserHints = Type.Object(
  {
    platform: Type.Optional(HintText(40)),
    platformVersion: Type.Optional(HintText(40)),
    fullVersionList: Type.Optional(
      Type.Array(
        Type.Object({ brand: HintText(80), version: HintText(40) }, { additionalProperties: false }),
        { maxItems: 10 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type BrowserHints = Static<typeof BrowserHints>;

/** The checklist items a browser cannot read: the person answers them. */
export const DeviceChecklist = {
  antivirus: Type.Union([NonBlankString(TEXT_SHORT), Type.Null()]),
  firewall: Type.Boolean(),
  diskEncryption: Type.Boolean(),
  autoLockMinutes: Type.Integer({ minimum: 1, maximum: AUTO_LOCK_MAX_MINUTES }),
};

export const WorkDeviceBody = Type.Object(
  { name: NonBlankString(TEXT_SHORT), ...DeviceChecklist, hints: Type.Optional(BrowserHints) },
  { additionalProperties: false },
);
export type WorkDeviceBody = Static<typeof WorkDeviceBody>;

export const WorkDeviceUpdateBody = Type.Object(
  { name: NonBlankString(TEXT_SHORT), ...DeviceChecklist },
  { additionalProperties: false },
);
export type WorkDeviceUpdateBody = Static<typeof WorkDeviceUpdateBody>;

export const RecheckBody = Type.Object(
  { deviceId: Type.Optional(Uuid), hints: Type.Optional(BrowserHints) },
  { additionalProperties: false },
);
export type RecheckBody = Static<typeof RecheckBody>;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const WorkDevice = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  name: Type.String(),
  os: Type.Union([Type.Enum(DEVICE_OSES), Type.Null()]),
  osVersion: Nullable(Type.String()),
  browser: Type.Union([Type.Enum(DEVICE_BROWSERS), Type.Null()]),
  browserVersion: Nullable(Type.String()),
  antivirus: Nullable(Type.String()),
  firewall: Type.Boolean(),
  diskEncryption: Type.Boolean(),
  autoLockMinutes: Type.Integer(),
  versionsReadAt: Type.String(),
  /** OK, OUTDATED_GRACE (warning until `blocksAt`) or OUTDATED (blocked). */
  state: Type.Union([Type.Literal('OK'), Type.Literal('OUTDATED_GRACE'), Type.Literal('OUTDATED')]),
  /** Checklist answers below the guidance (no antivirus, firewall off, no encryption, auto-lock over 5 minutes). */
  checklistGaps: Type.Array(Type.String()),
  blocksAt: Nullable(Type.String()),
});
export type WorkDevice = Static<typeof WorkDevice>;
export const WorkDeviceList = Type.Object({ items: Type.Array(WorkDevice) });
export type WorkDeviceList = Static<typeof WorkDeviceList>;

/** The signed-in person's standing: what blocks them now, what warns them. */
export const DeviceStatus = Type.Object({
  blocked: Type.Boolean(),
  enforcements: Type.Array(
    Type.Object({
      type: Type.Union([Type.Literal('OUTDATED_DEVICE'), Type.Literal('DEVICE'), Type.Literal('DISCORD')]),
      blocking: Type.Boolean(),
      blocksAt: Type.String(),
      data: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
  devices: Type.Array(WorkDevice),
});
export type DeviceStatus = Static<typeof DeviceStatus>;

export const VersionRequirement = Type.Object({
  kind: Type.Enum(REQUIREMENT_KINDS),
  name: Type.String(),
  latestVersion: Type.String(),
  releaseDate: Type.String(),
});
export type VersionRequirement = Static<typeof VersionRequirement>;

export const DeviceUpdateSettings = Type.Object({
  gracePeriodDays: Type.Integer(),
  requireDeclaration: Type.Boolean(),
  /** The chat-account check (Discord) enforces: people without a linked account in the server get the modal. */
  discordCheck: Type.Boolean(),
  requirements: Type.Array(VersionRequirement),
  updatedAt: Nullable(Type.String()),
});
export type DeviceUpdateSettings = Static<typeof DeviceUpdateSettings>;

/** One requirement as an administrator sends it: format and date checked by the service, every field at once. */
export const VersionRequirementBody = Type.Object(
  {
    kind: Type.Enum(REQUIREMENT_KINDS),
    name: Type.String({ maxLength: 20 }),
    latestVersion: Type.String({ maxLength: 40 }),
    releaseDate: Type.String({ maxLength: 10 }),
  },
  { additionalProperties: false },
);
export type VersionRequirementBody = Static<typeof VersionRequirementBody>;

export const DeviceUpdateSettingsBody = Type.Object(
  {
    gracePeriodDays: Type.Integer(),
    requireDeclaration: Type.Boolean(),
    discordCheck: Type.Boolean(),
    requirements: Type.Array(VersionRequirementBody, { maxItems: 7 }),
  },
  { additionalProperties: false },
);
export type DeviceUpdateSettingsBody = Static<typeof DeviceUpdateSettingsBody>;

/** Compliance for administrators: per person (with their department) and per department. */
export const DeviceComplianceQuery = Type.Object(
  { departmentId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type DeviceComplianceQuery = Static<typeof DeviceComplianceQuery>;

export const DeviceCompliance = Type.Object({
  people: Type.Array(
    Type.Object({
      userId: Type.String(),
      name: Type.String(),
      email: Type.String(),
      department: Nullable(Type.String()),
      deviceCount: Type.Integer(),
      outdated: Type.Integer(),
      blocked: Type.Boolean(),
      checklistGaps: Type.Integer(),
      exempt: Type.Boolean(),
    }),
  ),
  departments: Type.Array(
    Type.Object({
      department: Nullable(Type.String()),
      people: Type.Integer(),
      compliant: Type.Integer(),
      blocked: Type.Integer(),
      withoutDevice: Type.Integer(),
    }),
  ),
});
export type DeviceCompliance = Static<typeof DeviceCompliance>;

/** Numeric comparison of dotted versions: missing parts count as 0 (17 = 17.0). */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export const isVersion = (value: string) => VERSION_PATTERN.test(value);

/** The outcome of one chat-account check run. */
export const DiscordCheckResult = Type.Object({
  enabled: Type.Boolean(),
  /** False when no active Discord connection exists: nothing is checked or changed. */
  connected: Type.Boolean(),
  guildName: Type.Union([Type.String(), Type.Null()]),
  /** Discord's guild mfa_level (1 = two-factor required of moderators), null when unknown. */
  guildMfaLevel: Type.Union([Type.Integer(), Type.Null()]),
  checked: Type.Integer(),
  linked: Type.Integer(),
  notLinked: Type.Integer(),
  notMember: Type.Integer(),
  /** Always true for linked people: a bot cannot read a member's own two-factor state (README). */
  mfaUnverifiable: Type.Boolean(),
});
export type DiscordCheckResult = Static<typeof DiscordCheckResult>;
