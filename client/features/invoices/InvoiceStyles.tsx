/** Styles of the invoice screens (the review queue's two panes, the bar chart); hoisted once. */
const CSS = `
.inv-queue { display: grid; grid-template-columns: minmax(16rem, 22rem) 1fr; gap: 1rem; min-height: 32rem; }
@media (max-width: 900px) { .inv-queue { grid-template-columns: 1fr; } }
.inv-queue-list { display: flex; flex-direction: column; gap: .25rem; overflow-y: auto; max-height: 70vh; margin: 0; padding: 0; list-style: none; }
.inv-queue-item { display: block; width: 100%; text-align: left; border: 1px solid var(--surface-border, #dee2e6); border-radius: 6px; padding: .5rem .65rem; background: var(--surface-card, #fff); cursor: pointer; font: inherit; color: inherit; }
.inv-queue-item[aria-current="true"] { border-color: var(--primary-color, #3b82f6); box-shadow: 0 0 0 1px var(--primary-color, #3b82f6); background: var(--highlight-bg, #eff6ff); }
.inv-queue-item strong { display: block; }
.inv-queue-item small { color: var(--text-color-secondary, #6c757d); }
.inv-detail { display: flex; flex-direction: column; gap: .75rem; min-width: 0; }
.inv-detail-grid { display: flex; flex-direction: column; gap: 1rem; min-height: 28rem; }
.inv-facts { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: .3rem .75rem; margin: 0; font-size: .9rem; align-content: start; }
@media (max-width: 1100px) { .inv-facts { grid-template-columns: max-content 1fr; } }
.inv-facts dt { color: var(--text-color-secondary, #6c757d); }
.inv-facts dd { margin: 0; overflow-wrap: anywhere; }
.inv-amount { font-size: 1.4rem; font-weight: 700; }
.inv-preview { display: flex; flex-direction: column; gap: .5rem; min-width: 0; }
.inv-preview-frame { width: 100%; height: 60vh; min-height: 24rem; border: 1px solid var(--surface-border, #dee2e6); border-radius: 6px; background: #f8f9fa; }
.inv-preview img { max-width: 100%; max-height: 60vh; object-fit: contain; border: 1px solid var(--surface-border, #dee2e6); border-radius: 6px; align-self: flex-start; }
.inv-files { display: flex; flex-wrap: wrap; gap: .35rem; }
.inv-actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
.inv-money { white-space: nowrap; font-variant-numeric: tabular-nums; }
.inv-nav { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .75rem; }
.inv-nav .inv-keys { margin: 0; }
.inv-keys { display: flex; flex-wrap: wrap; gap: .75rem; font-size: .8rem; color: var(--text-color-secondary, #6c757d); }
.inv-keys kbd { border: 1px solid var(--surface-border, #ced4da); border-bottom-width: 2px; border-radius: 4px; padding: 0 .3rem; font-family: inherit; background: var(--surface-ground, #f8f9fa); }
.inv-chart { display: flex; flex-direction: column; gap: .35rem; margin: 0; }
.inv-chart-row { display: grid; grid-template-columns: minmax(5rem, 11rem) minmax(6rem, 1fr) auto; gap: .5rem; align-items: center; font-size: .85rem; }
.inv-chart-label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.inv-chart-track { height: 1.1rem; background: var(--surface-100, #f1f3f7); border-radius: 4px; overflow: hidden; }
.inv-chart-bar { height: 100%; background: var(--primary-color, #3b82f6); border-radius: 4px; min-width: 2px; }
.inv-chart-value { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.inv-files-input { display: flex; flex-direction: column; gap: .35rem; }
.inv-file { display: flex; align-items: center; gap: .5rem; font-size: .85rem; }
.inv-file.is-removed span { text-decoration: line-through; color: var(--text-color-secondary, #6c757d); }
.inv-bulk { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; padding: .5rem .75rem; border-radius: 6px; background: var(--highlight-bg, #eff6ff); }
`;

export function InvoiceStyles() {
  return (
    <style href="backoffice-invoices" precedence="default">
      {CSS}
    </style>
  );
}
