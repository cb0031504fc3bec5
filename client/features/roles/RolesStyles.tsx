/**
 * On a phone the role tables read as cards: one card per role, each value with its column's name,
 * actions at the bottom. PrimeReact's own stack styles are injected only after a prop change, so the
 * layout is written out here (as the people tables do).
 */
const CSS = `
.roles-table .p-datatable-tbody > tr > td > .p-column-title { display: none; }
@media (max-width: 640px) {
  .roles-table .p-datatable-thead { display: none; }
  .roles-table .p-datatable-table, .roles-table .p-datatable-tbody { display: block; }
  .roles-table .p-datatable-tbody > tr { display: block; margin-bottom: .75rem; padding: .35rem .85rem;
    border: 1px solid var(--bo-border, #e3e6ee); border-radius: 10px; background: var(--bo-surface, #fff); }
  .roles-table.p-datatable-striped .p-datatable-tbody > tr.p-row-odd { background: var(--bo-surface, #fff); }
  .roles-table .p-datatable-tbody > tr > td { display: flex; justify-content: space-between; align-items: center;
    gap: .75rem; width: 100%; border: 0 none; padding: .4rem 0; text-align: right; }
  .roles-table .p-datatable-tbody > tr > td > .p-column-title { display: block; font-weight: 600; text-align: left; flex: none; }
  .roles-table .p-datatable-tbody > tr > td:last-child { border-top: 1px solid var(--bo-border, #e3e6ee); margin-top: .25rem; }
  .roles-table .roles-panel__name { align-items: flex-end; text-align: right; }
  .roles-table .p-datatable-emptymessage > td { justify-content: center; }
}
/* Tabs that do not fit scroll sideways; the arrows at the ends show there is more. */
.scroll-tabs .p-tabview-nav-container { position: relative; }
.scroll-tabs .p-tabview-nav-btn { box-shadow: 0 0 10px 6px var(--bo-bg, #f5f6fa); }
.scroll-tabs .p-tabview-nav li .p-tabview-nav-link { white-space: nowrap; }
`;

export function RolesStyles() {
  return (
    <style href="backoffice-roles" precedence="default">
      {CSS}
    </style>
  );
}
