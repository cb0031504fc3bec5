/**
 * Styles of the client and project screens. React hoists the <style> into the head once, however
 * many screens render it, on the server and in the browser.
 */
const CSS = `
.pm-page { display: flex; flex-direction: column; gap: 1rem; min-width: 0; }
.pm-bar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; justify-content: space-between; }
.pm-bar h2 { margin: 0; font-size: 1.25rem; overflow-wrap: anywhere; }
.pm-actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.pm-filters { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: .5rem; align-items: end; }
.pm-filters label { display: flex; flex-direction: column; gap: .25rem; font-size: .85rem; }
.pm-filters .p-inputtext, .pm-filters .p-multiselect, .pm-filters .p-dropdown { width: 100%; }
.pm-stages { display: flex; flex-wrap: wrap; gap: .4rem; }
.pm-stages button { display: inline-flex; gap: .4rem; align-items: center; padding: .35rem .7rem; border-radius: 999px;
  border: 1px solid var(--surface-border, #dee2e6); background: var(--surface-card, #fff); cursor: pointer; font: inherit; color: inherit; }
.pm-stages button.is-active { border-color: var(--primary-color, #4f46e5); box-shadow: 0 0 0 1px var(--primary-color, #4f46e5); }
.pm-stages strong { font-size: .95rem; }
.pm-table .p-datatable-wrapper { overflow-x: auto; }
.pm-table .p-datatable-thead > tr > th, .pm-table .p-datatable-tbody > tr > td { padding: .6rem .5rem; }
.pm-row-actions { display: flex; justify-content: flex-end; flex-wrap: nowrap; }
.pm-row-actions .p-button.p-button-icon-only { width: 2.25rem; height: 2.25rem; padding: 0; }
.pm-card { background: var(--surface-card, #fff); border: 1px solid var(--surface-border, #dee2e6); border-radius: 8px; padding: 1rem; }
.pm-card > h3 { margin: 0 0 .75rem; font-size: 1.05rem; }
.pm-card__head { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; justify-content: space-between; margin-bottom: .75rem; }
.pm-card__head h3 { margin: 0; font-size: 1.05rem; }
.pm-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: .75rem 1rem; }
.pm-field { display: flex; flex-direction: column; gap: .3rem; min-width: 0; }
.pm-field > label { font-weight: 600; font-size: .9rem; }
.pm-field .p-inputtext, .pm-field .p-dropdown, .pm-field .p-calendar, .pm-field .p-autocomplete, .pm-field .p-inputtextarea { width: 100%; }
.pm-field .p-calendar { display: flex; }
.pm-field .p-calendar .p-inputtext { width: auto; flex: 1 1 auto; min-width: 0; }
.pm-field--wide { grid-column: 1 / -1; }
.pm-error { color: var(--red-600, #dc2626); font-size: .85rem; }
.pm-required { color: var(--red-600, #dc2626); margin-left: .15rem; }
.pm-footer { display: flex; flex-wrap: wrap; gap: .5rem; justify-content: flex-end; }
.pm-facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: .5rem 1rem; margin: 0; }
.pm-facts dt { font-size: .8rem; color: var(--text-color-secondary, #6c757d); }
.pm-facts dd { margin: 0; overflow-wrap: anywhere; }
.pm-stepper { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: .25rem; margin: 0 0 .75rem; padding: 0; list-style: none; }
.pm-stepper li { text-align: center; font-size: .8rem; padding: .45rem .25rem; border-radius: 6px; background: var(--surface-100, #f1f3f7);
  color: var(--text-color-secondary, #6c757d); overflow-wrap: anywhere; }
.pm-stepper li.is-done { background: var(--primary-100, #e0e7ff); color: var(--primary-700, #4338ca); }
.pm-stepper li.is-current { background: var(--primary-color, #4f46e5); color: #fff; font-weight: 600; }
.pm-stage-move { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.pm-person { display: flex; align-items: center; gap: .6rem; min-width: 0; }
.pm-person__avatar { flex: none; width: 2rem; height: 2rem; border-radius: 50%; display: grid; place-items: center;
  background: var(--primary-100, #e0e7ff); color: var(--primary-700, #4338ca); font-weight: 600; overflow: hidden; }
.pm-person__avatar img { width: 100%; height: 100%; object-fit: cover; }
.pm-person__text { display: flex; flex-direction: column; min-width: 0; }
.pm-person__text small { color: var(--text-color-secondary, #6c757d); overflow: hidden; text-overflow: ellipsis; }
.pm-timeline { margin: 0; padding: 0; list-style: none; border-left: 2px solid var(--surface-border, #dee2e6); }
.pm-timeline li { position: relative; padding: 0 0 .9rem 1rem; }
.pm-timeline li::before { content: ''; position: absolute; left: -7px; top: .3rem; width: 12px; height: 12px; border-radius: 50%;
  background: var(--primary-color, #4f46e5); }
.pm-timeline small { display: block; color: var(--text-color-secondary, #6c757d); }
.pm-hint { margin: 0; }
.pm-memberships { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: .6rem; }
.pm-memberships small { display: block; color: var(--text-color-secondary, #6c757d); }
.pm-table .p-datatable-tbody > tr > td > .p-column-title { display: none; }
@media (max-width: 768px) {
  .pm-table.p-datatable-responsive-stack .p-datatable-thead > tr > th { display: none; }
  .pm-table.p-datatable-responsive-stack .p-datatable-tbody > tr > td { display: flex; width: 100%;
    align-items: center; justify-content: space-between; gap: .75rem; border: 0 none; text-align: right; }
  .pm-table.p-datatable-responsive-stack .p-datatable-tbody > tr > td:last-child {
    border-bottom: 1px solid var(--surface-border, #dee2e6); }
  .pm-table.p-datatable-responsive-stack .p-datatable-tbody > tr > td > .p-column-title {
    display: block; font-weight: 600; text-align: left; flex: none; }
  .pm-stepper { grid-template-columns: repeat(3, minmax(0, 1fr)); }
}
@media (max-width: 640px) {
  .pm-bar { align-items: stretch; }
  .pm-actions { width: 100%; }
  .pm-actions .p-button { flex: 1 1 auto; }
  .pm-grid { grid-template-columns: 1fr; }
  .pm-footer .p-button { flex: 1 1 100%; }
}
`;

export function ProjectStyles() {
  return (
    <style href="backoffice-projects" precedence="default">
      {CSS}
    </style>
  );
}

/** Avatar (or initial), full name (last name first) and email. */
export function PersonBadge({
  person,
}: {
  person: { firstName: string; lastName: string; email: string; avatarUrl: string | null };
}) {
  const name = [person.lastName, person.firstName].filter(Boolean).join(' ') || person.email;
  return (
    <span className="pm-person">
      <span className="pm-person__avatar" aria-hidden="true">
        {person.avatarUrl ? <img src={person.avatarUrl} alt="" /> : name.slice(0, 1).toUpperCase()}
      </span>
      <span className="pm-person__text">
        <strong>{name}</strong>
        <small>{person.email}</small>
      </span>
    </span>
  );
}
