/** Styles of the week grid; React hoists the <style> into the head once. */
const CSS = `
.wl-grid table { border-collapse: collapse; font-size: .85rem; min-width: 100%; }
.wl-grid th, .wl-grid td { border-bottom: 1px solid var(--surface-border, #dee2e6); padding: .3rem .35rem; text-align: center; vertical-align: middle; }
.wl-grid .wl-label { text-align: left; }
.wl-grid .p-inputtext:disabled { background: var(--surface-100, #f1f3f7); }
.wl-grid .p-dropdown { width: 14rem; max-width: 40vw; }
.wl-grid td:nth-child(2) .p-inputtext { width: 16rem; max-width: 40vw; }
.wl-grid .wl-cell { width: 3.6rem; text-align: center; padding: .4rem .25rem; }
.wl-grid .wl-future { color: var(--text-color-secondary, #6c757d); }
.wl-grid .wl-cell-error { display: block; max-width: 9rem; text-align: left; }
.wl-grid tfoot td { font-weight: 700; }
`;

export function WorkLogStyles() {
  return (
    <style href="worklog-styles" precedence="default">
      {CSS}
    </style>
  );
}
