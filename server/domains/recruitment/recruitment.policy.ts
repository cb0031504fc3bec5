import type { Actor } from '../../core/context.ts';
import { can, definePolicy, isPerson } from '../../core/policy.ts';

/**
 * Who may do what in recruitment. A candidate's data is personal data: it is seen by those who
 * hold `recruitment.view` or `recruitment.manage` (every campaign), and by the hiring team of the
 * campaign the candidate applied to (that campaign only) — nobody else, not even with every other
 * permission. Campaigns are created and changed with `recruitment.manage`; the hiring team and the
 * managers add candidates and move them; only people give feedback (their own); hiring invites an
 * employee, so it also needs `employees.manage`. What the campaign's status allows (candidates only
 * while OPEN, no moves once CLOSED) is a rule of the service with its own message, not a permission.
 */

export interface CampaignAccess {
  /** The campaign's hiring team. */
  teamIds: readonly string[];
}

const onTeam = (actor: Actor, campaign: CampaignAccess) =>
  isPerson(actor) && campaign.teamIds.includes(actor.id);
const recruiter = (actor: Actor) => can(actor, 'recruitment.manage');
export const readsAllCampaigns = (actor: Actor) =>
  can(actor, 'recruitment.view') || can(actor, 'recruitment.manage');

export const campaignPolicy = definePolicy<
  CampaignAccess,
  'view' | 'edit' | 'addCandidate' | 'move' | 'giveFeedback' | 'hire'
>('hiringCampaign', {
  view: (actor, c) => readsAllCampaigns(actor) || onTeam(actor, c),
  edit: (actor) => recruiter(actor),
  addCandidate: (actor, c) => recruiter(actor) || onTeam(actor, c),
  move: (actor, c) => recruiter(actor) || onTeam(actor, c),
  giveFeedback: (actor, c) => isPerson(actor) && (recruiter(actor) || onTeam(actor, c)),
  hire: (actor) => recruiter(actor) && can(actor, 'employees.manage'),
});

export const recruitmentPolicy = definePolicy<
  undefined,
  'create' | 'searchResumes' | 'eraseCandidate' | 'runJobs'
>('recruitment', {
  create: (actor) => recruiter(actor),
  /** Erasing a person's candidate data (a request under Decree 13, or the end of a retention period). */
  eraseCandidate: (actor) => recruiter(actor),
  searchResumes: (actor) => readsAllCampaigns(actor),
  /** The worker's daily reminders run as the system, nobody else. */
  runJobs: (actor) => actor.kind === 'system',
});
