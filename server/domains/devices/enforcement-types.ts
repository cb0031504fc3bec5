/**
 * What the platform can ask of a person before they use it (issue 19): an up-to-date device
 * (OUTDATED_DEVICE), a declared device with its checklist (DEVICE), a linked chat account with
 * two-factor on (DISCORD). One row per person and kind in `security_enforcements`.
 */
export const ENFORCEMENT_KINDS = ['OUTDATED_DEVICE', 'DEVICE', 'DISCORD'] as const;
export type EnforcementKind = (typeof ENFORCEMENT_KINDS)[number];
