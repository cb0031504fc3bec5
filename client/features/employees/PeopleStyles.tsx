/**
 * Styles of the people screens (employees, external users, administration). React hoists the
 * <style> into the head once, however many screens render it, on the server and in the browser.
 */
const CSS = `
.people-page { display: flex; flex-direction: column; gap: 1rem; min-width: 0; }
.people-page__bar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; justify-content: space-between; }
.people-page__bar h2 { margin: 0; font-size: 1.25rem; }
.people-page__actions { display: flex; flex-wrap: wrap; gap: .5rem; }
.people-counts { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .5rem; }
.people-counts button { display: flex; flex-direction: column; align-items: flex-start; gap: .15rem; padding: .6rem .8rem;
  border: 1px solid var(--surface-border, #dee2e6); border-radius: 8px; background: var(--surface-card, #fff);
  cursor: pointer; text-align: left; font: inherit; color: inherit; }
.people-counts button.is-active { border-color: var(--primary-color, #4f46e5); box-shadow: 0 0 0 1px var(--primary-color, #4f46e5); }
.people-counts strong { font-size: 1.35rem; }
.people-counts span { font-size: .85rem; color: var(--text-color-secondary, #6c757d); }
.people-filters { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: .5rem; align-items: end; }
.people-filters .p-inputtext, .people-filters .p-multiselect, .people-filters .p-dropdown, .people-filters .p-calendar { width: 100%; }
.people-filters label, .people-filters__search { display: flex; flex-direction: column; gap: .25rem; font-size: .85rem; }
/* The search spans two columns where there is room, so its placeholder is never cut short. */
.people-filters__search { grid-column: span 2; }
.people-filters__search .search-box { min-width: 0; }
.people-table .p-datatable-wrapper { overflow-x: auto; }
.people-person { display: flex; align-items: center; gap: .6rem; min-width: 0; }
.people-person__avatar { flex: none; width: 2rem; height: 2rem; border-radius: 50%; display: grid; place-items: center;
  background: var(--primary-100, #e0e7ff); color: var(--primary-700, #4338ca); font-weight: 600; overflow: hidden; }
.people-person__avatar img { width: 100%; height: 100%; object-fit: cover; }
.people-person__text { display: flex; flex-direction: column; min-width: 0; }
.people-person__text a, .people-person__text strong { overflow: hidden; text-overflow: ellipsis; }
.people-person__text small { color: var(--text-color-secondary, #6c757d); overflow: hidden; text-overflow: ellipsis; }
.people-row-actions { display: flex; gap: 0; justify-content: flex-end; flex-wrap: nowrap; }
.people-row-actions .p-button.p-button-icon-only { width: 2.25rem; height: 2.25rem; padding: 0; }
.people-table .p-datatable-thead > tr > th, .people-table .p-datatable-tbody > tr > td { padding: .6rem .5rem; }
.people-form { display: flex; flex-direction: column; gap: 1rem; max-width: 72rem; }
.people-card { background: var(--surface-card, #fff); border: 1px solid var(--surface-border, #dee2e6); border-radius: 8px; padding: 1rem; }
.people-card h3 { margin: 0 0 .75rem; font-size: 1.05rem; }
.people-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: .75rem 1rem; }
.people-field { display: flex; flex-direction: column; gap: .3rem; min-width: 0; }
.people-field > label { font-weight: 600; font-size: .9rem; }
.people-field .p-inputtext, .people-field .p-dropdown, .people-field .p-calendar, .people-field .p-multiselect,
.people-field .p-inputtextarea { width: 100%; }
.people-field .field-error, .people-error { color: var(--red-600, #dc2626); font-size: .85rem; }
.people-field .people-hint { color: var(--text-color-secondary, #64748b); font-size: .85rem; }
.people-required { color: var(--red-600, #dc2626); margin-left: .15rem; }
.people-document { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.people-document__name { overflow-wrap: anywhere; }
.people-form__footer { display: flex; flex-wrap: wrap; gap: .5rem; justify-content: flex-end; }
.people-detail__head { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; }
.people-detail__identity { display: flex; gap: .75rem; align-items: center; min-width: 0; }
.people-detail__identity h2 { margin: 0; font-size: 1.3rem; overflow-wrap: anywhere; }
.people-members { display: flex; flex-wrap: wrap; gap: .25rem; }
.people-tabs .p-tabview-panels { padding: 1rem 0 0; }
.people-filters .p-calendar, .people-field .p-calendar { display: flex; }
.people-filters .p-calendar .p-inputtext, .people-field .p-calendar .p-inputtext { width: auto; flex: 1 1 auto; min-width: 0; }
.people-filters-toggle { display: none; }
/* Stacked rows on narrow screens (PrimeReact only adds its own stack styles after a prop change). */
.people-table .p-datatable-tbody > tr > td > .p-column-title { display: none; }
@media (max-width: 768px) {
  .people-table.p-datatable-responsive-stack .p-datatable-thead > tr > th { display: none; }
  .people-table.p-datatable-responsive-stack .p-datatable-tbody > tr > td { display: flex; width: 100%;
    align-items: center; justify-content: space-between; gap: .75rem; border: 0 none; text-align: right; }
  .people-table.p-datatable-responsive-stack .p-datatable-tbody > tr > td:first-child { text-align: left; }
  .people-table.p-datatable-responsive-stack .p-datatable-tbody > tr > td:last-child {
    border-bottom: 1px solid var(--surface-border, #dee2e6); }
  .people-table.p-datatable-responsive-stack .p-datatable-tbody > tr > td > .p-column-title {
    display: block; font-weight: 600; text-align: left; flex: none; }
  .people-table .people-row-actions { justify-content: flex-end; }
}
@media (max-width: 640px) {
  .people-filters__search { grid-column: auto; }
  .people-filters-toggle { display: block; }
  .people-filters-toggle .p-button { width: 100%; }
  .people-filters:not(.is-open) > .people-filters__more { display: none; }
  .people-page__bar { align-items: stretch; }
  .people-page__actions { width: 100%; }
  .people-page__actions .p-button { flex: 1 1 auto; }
  .people-grid { grid-template-columns: 1fr; }
  .people-form__footer .p-button { flex: 1 1 100%; }
  .people-hide-sm { display: none; }
}
`;

export function PeopleStyles() {
  return (
    <style href="backoffice-people" precedence="default">
      {CSS}
    </style>
  );
}
