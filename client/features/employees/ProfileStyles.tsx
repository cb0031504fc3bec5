/**
 * Styles of the employee profile, the import dialog and the list's bulk bar. Hoisted into the head once
 * by React, on the server and in the browser (as PeopleStyles).
 */
const CSS = `
.profile-head { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; }
.profile-head__identity { display: flex; gap: .9rem; align-items: center; min-width: 0; }
.profile-head__avatar { flex: none; width: 3.5rem; height: 3.5rem; border-radius: 50%; display: grid; place-items: center;
  background: var(--primary-100, #e0e7ff); color: var(--primary-700, #4338ca); font-weight: 700; font-size: 1.4rem; overflow: hidden; }
.profile-head__avatar img { width: 100%; height: 100%; object-fit: cover; }
.profile-head__text { display: flex; flex-direction: column; gap: .2rem; min-width: 0; }
.profile-head__text h2 { margin: 0; font-size: 1.35rem; overflow-wrap: anywhere; }
.profile-head__meta { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; color: var(--text-color-secondary, #6c757d); }
.profile-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 24rem), 1fr)); gap: 1rem; align-items: start; }
.profile-list { display: grid; grid-template-columns: minmax(8rem, 40%) 1fr; gap: .45rem 1rem; margin: 0; }
.profile-list dt { color: var(--text-color-secondary, #6c757d); font-size: .9rem; }
.profile-list dd { margin: 0; overflow-wrap: anywhere; }
.profile-card__head { display: flex; justify-content: space-between; align-items: center; gap: .5rem; flex-wrap: wrap; margin-bottom: .75rem; }
.profile-card__head h3 { margin: 0; font-size: 1.05rem; }
.profile-tags { display: flex; flex-wrap: wrap; gap: .35rem; }
.profile-check { display: flex; align-items: center; gap: .5rem; }
.profile-actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .75rem; }
.profile-link { display: flex; gap: .5rem; margin-top: .75rem; }
.profile-link .p-inputtext { flex: 1 1 auto; min-width: 0; font-family: monospace; font-size: .85rem; }
.profile-history { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; }
.profile-history > li { display: grid; grid-template-columns: 9.5rem 1fr; gap: .25rem 1rem; padding: .65rem 0;
  border-bottom: 1px solid var(--surface-border, #dee2e6); }
.profile-history time { color: var(--text-color-secondary, #6c757d); font-size: .85rem; }
.profile-history p { margin: 0; }
.profile-history ul { margin: .35rem 0 0; padding-left: 1.1rem; font-size: .92rem; }
.profile-history del { color: var(--text-color-secondary, #6c757d); }
.profile-history ins { text-decoration: none; font-weight: 600; }
.profile-bulk { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; padding: .5rem .75rem; border-radius: 8px;
  background: var(--primary-50, #eef2ff); border: 1px solid var(--primary-200, #c7d2fe); }
.profile-bulk strong { margin-right: auto; }
.import-steps { display: flex; flex-direction: column; gap: .75rem; }
.import-errors { max-height: 40vh; overflow: auto; margin: 0; padding-left: 1.1rem; font-size: .9rem; }
.import-errors li { padding: .15rem 0; }
.import-summary { display: grid; grid-template-columns: repeat(auto-fit, minmax(7rem, 1fr)); gap: .5rem; }
.import-summary div { border: 1px solid var(--surface-border, #dee2e6); border-radius: 8px; padding: .4rem .6rem; }
.import-summary strong { display: block; font-size: 1.2rem; }
@media (max-width: 640px) {
  .profile-list { grid-template-columns: 1fr; gap: .1rem; }
  .profile-list dd { margin-bottom: .5rem; }
  .profile-history > li { grid-template-columns: 1fr; }
  .profile-head__actions { width: 100%; }
  .profile-head__actions .p-button { flex: 1 1 auto; }
}
`;

export function ProfileStyles() {
  return (
    <style href="backoffice-profile" precedence="default">
      {CSS}
    </style>
  );
}
