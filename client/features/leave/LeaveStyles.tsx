/** Styles of the leave screens; React hoists the <style> into the head once. */
const CSS = `
.lv-page { display: flex; flex-direction: column; gap: 1rem; min-width: 0; }
.lv-bar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; justify-content: space-between; }
.lv-bar h2, .lv-bar h3 { margin: 0; font-size: 1.15rem; }
.lv-balances { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: .75rem; }
.lv-card { background: var(--surface-card, #fff); border: 1px solid var(--surface-border, #dee2e6); border-radius: 8px; padding: .9rem 1rem; }
.lv-card h3 { margin: 0 0 .5rem; font-size: 1rem; }
.lv-remaining { font-size: 1.6rem; font-weight: 700; }
.lv-facts { display: grid; grid-template-columns: auto auto; gap: .15rem .75rem; margin: .5rem 0 0; font-size: .85rem; }
.lv-facts dt { color: var(--text-color-secondary, #6c757d); }
.lv-facts dd { margin: 0; text-align: right; }
.lv-field { display: flex; flex-direction: column; gap: .3rem; min-width: 0; }
.lv-field > label { font-weight: 600; font-size: .9rem; }
.lv-field .p-inputtext, .lv-field .p-dropdown, .lv-field .p-calendar, .lv-field .p-multiselect, .lv-field .p-inputtextarea, .lv-field .p-inputnumber { width: 100%; }
.lv-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr)); gap: .75rem 1rem; }
.lv-wide { grid-column: 1 / -1; }
.lv-error { color: var(--red-600, #dc2626); font-size: .85rem; }
.lv-hint { color: var(--text-color-secondary, #6c757d); font-size: .85rem; }
.lv-footer { display: flex; flex-wrap: wrap; gap: .5rem; justify-content: flex-end; }
.lv-duration { font-size: 1.05rem; font-weight: 600; }
.lv-row-actions { display: flex; gap: .25rem; justify-content: flex-end; flex-wrap: nowrap; }
.lv-filters { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: .5rem; align-items: end; }
.lv-filters label { display: flex; flex-direction: column; gap: .25rem; font-size: .85rem; }
.lv-filters .p-dropdown, .lv-filters .p-calendar, .lv-filters .p-inputtext { width: 100%; }
.lv-calendar { overflow-x: auto; }
.lv-calendar table { border-collapse: collapse; font-size: .8rem; min-width: 100%; }
.lv-calendar th, .lv-calendar td { border: 1px solid var(--surface-border, #dee2e6); padding: .2rem .3rem; text-align: center; min-width: 1.7rem; }
.lv-calendar th.lv-name, .lv-calendar td.lv-name { text-align: left; white-space: nowrap; position: sticky; left: 0; background: var(--surface-card, #fff); }
.lv-calendar .is-weekend { background: var(--surface-100, #f1f3f7); }
.lv-calendar .is-holiday { background: #fef3c7; }
.lv-calendar .is-off { background: #c7d2fe; }
.lv-calendar .is-waiting { background: repeating-linear-gradient(45deg, #e0e7ff, #e0e7ff 4px, #fff 4px, #fff 8px); }
.lv-report table { border-collapse: collapse; font-size: .85rem; }
.lv-report th, .lv-report td { border-bottom: 1px solid var(--surface-border, #dee2e6); padding: .35rem .5rem; text-align: right; white-space: nowrap; }
.lv-report th:first-child, .lv-report td:first-child { text-align: left; position: sticky; left: 0; background: var(--surface-card, #fff); }
.lv-report tfoot td { font-weight: 700; }
.lv-report-wrap { overflow-x: auto; }
`;

export function LeaveStyles() {
  return (
    <style href="backoffice-leave" precedence="default">
      {CSS}
    </style>
  );
}
