import { useSyncExternalStore } from 'react';
import type { VaultKeys } from '../../../shared/crypto/vault-crypto.ts';

/**
 * The unlocked vault's keys, in this page's memory only (never storage): a reload, signing out or
 * five minutes without activity (the spec's auto-lock guidance) locks it again.
 */

export const AUTO_LOCK_MS = 5 * 60_000;
type Keys = VaultKeys & { userKeyRaw: Uint8Array<ArrayBuffer> };

let keys: Keys | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function lockVault(): void {
  keys = null;
  clearTimeout(timer);
  emit();
}

/** Keeps the vault open five more minutes (every use of it calls this). */
export function touchVault(): void {
  clearTimeout(timer);
  if (keys) timer = setTimeout(lockVault, AUTO_LOCK_MS);
}

export function setVaultKeys(next: Keys): void {
  keys = next;
  touchVault();
  emit();
}

export function currentVaultKeys(): Keys | null {
  return keys;
}

export function useVaultKeys(): Keys | null {
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => keys,
    () => null,
  );
}
