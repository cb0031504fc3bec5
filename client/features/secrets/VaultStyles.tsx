/** Styles of the vault and secure share screens; React hoists the <style> into the head once. */
const CSS = `
.vault-page { display: flex; flex-direction: column; gap: 1rem; }
.vault-card { display: flex; flex-direction: column; gap: .75rem; max-width: 28rem; padding: 1.25rem; border: 1px solid var(--surface-border, #dee2e6); border-radius: 8px; background: var(--surface-card, #fff); }
.vault-field { display: flex; flex-direction: column; gap: .3rem; flex: 1; }
.vault-form { display: flex; flex-direction: column; gap: .75rem; }
.vault-row { display: flex; gap: .75rem; flex-wrap: wrap; align-items: flex-end; }
.vault-actions { display: flex; gap: .5rem; justify-content: flex-end; flex-wrap: wrap; }
.vault-toolbar { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
.vault-toolbar .p-inputtext { min-width: 16rem; }
.vault-error { color: var(--red-600, #c62828); }
.vault-recovery { font-size: 1.1rem; letter-spacing: .05em; padding: .75rem; background: var(--surface-100, #f1f3f7); border-radius: 6px; word-break: break-all; }
.vault-value { display: grid; grid-template-columns: 8rem 1fr auto auto; gap: .5rem; align-items: start; }
.vault-value pre { margin: 0; white-space: pre-wrap; word-break: break-all; max-height: 12rem; overflow: auto; font-size: .85rem; }
.vault-label { color: var(--text-color-secondary, #6c757d); }
.vault-otp strong { font-size: 1.5rem; letter-spacing: .15em; }
.vault-members { margin: 0; padding-left: 1.2rem; }
.vault-link { word-break: break-all; }
`;

export function VaultStyles() {
  return (
    <style href="vault-styles" precedence="default">
      {CSS}
    </style>
  );
}
