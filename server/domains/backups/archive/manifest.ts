import type { SequenceState } from './snapshot.repository.ts';

/** What an archive says about itself: the first entry, `manifest.json`. */
export interface BackupManifest {
  format: 'backoffice-backup';
  formatVersion: 1;
  appVersion: string;
  createdAt: string;
  database: {
    serverVersion: string;
    migrations: string[];
    tables: Array<{ name: string; columns: string[]; rows: number; entry: string }>;
    sequences: SequenceState[];
  };
  /** Every entry but the manifest: its path in the archive, size and SHA-256. */
  entries: Array<{ path: string; bytes: number; sha256: string }>;
}

export const MANIFEST_ENTRY = 'manifest.json';
export const FILES_PREFIX = 'files/';

/** The manifest of an extracted archive, or null when it is not one of ours. */
export function parseManifest(text: string): BackupManifest | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const manifest = value as BackupManifest;
  if (
    !manifest ||
    manifest.format !== 'backoffice-backup' ||
    manifest.formatVersion !== 1 ||
    !Array.isArray(manifest.entries) ||
    !Array.isArray(manifest.database?.tables) ||
    !Array.isArray(manifest.database?.migrations)
  ) {
    return null;
  }
  const safe = (path: string) =>
    typeof path === 'string' &&
    !path.startsWith('/') &&
    !path.split('/').some((part) => part === '..' || part === '');
  if (!manifest.entries.every((entry) => safe(entry.path) && /^[0-9a-f]{64}$/.test(entry.sha256)))
    return null;
  return manifest;
}

/** Rows per table, the figure restores and drills compare. */
export const rowCounts = (manifest: BackupManifest) =>
  Object.fromEntries(manifest.database.tables.map((table) => [table.name, table.rows]));
