import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { COMPARE_MAX, COMPARE_MIN, type Campaign } from '../../../shared/recruitment.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { usePermission } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import StatusPage from '../errors/StatusPage.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { showDate } from '../projects/project-dates.ts';
import { FeedbackDialog, HireDialog, MoveDialog } from './ApplicationActions.tsx';
import { CampaignDialog } from './CampaignDialog.tsx';
import { CampaignStatusTag } from './CampaignsPage.tsx';
import { CandidateDialog } from './CandidateDialog.tsx';
import { ResumeButton } from './ResumeButton.tsx';
import {
  recruitmentApi,
  recruitmentKeys,
  useApplication,
  useBoard,
  useCampaign,
} from './recruitment.queries.ts';

const BOARD_STYLES = `
.rc-board { display: flex; gap: .75rem; overflow-x: auto; padding-bottom: .5rem; }
.rc-column { min-width: 14rem; flex: 1 0 14rem; background: var(--surface-ground, #f4f5f7); border-radius: 6px; padding: .5rem; }
.rc-column h3 { font-size: .95rem; margin: .25rem 0 .5rem; display: flex; justify-content: space-between; }
.rc-card { background: var(--surface-card, #fff); border: 1px solid var(--surface-border, #dee2e6); border-radius: 6px; padding: .5rem; margin-bottom: .5rem; }
.rc-card button.rc-name { background: none; border: none; padding: 0; font-weight: 600; cursor: pointer; color: var(--primary-color, #2563eb); text-align: left; }
.rc-meta { font-size: .8rem; color: var(--text-color-secondary, #6c757d); display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
.rc-compare { display: grid; gap: .75rem; }
.rc-compare table { border-collapse: collapse; width: 100%; }
.rc-compare th, .rc-compare td { border: 1px solid var(--surface-border, #dee2e6); padding: .4rem .5rem; vertical-align: top; text-align: left; }
`;

export const BoardStyles = () => <style>{BOARD_STYLES}</style>;

type Action = 'move' | 'feedback' | 'hire' | 'erase';

/** /hiring-campaigns/:id — the campaign and its board: candidates by stage, opened, moved, scored and hired. */
export default function CampaignPage() {
  const { t } = useTranslation('recruitment');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const campaign = useCampaign(id);
  const board = useBoard(id);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  if (campaign.error) return <StatusPage status={404} embedded />;
  if (!campaign.data) return null;
  const c = campaign.data;
  const items = board.data?.items ?? [];
  const toggle = (applicationId: string, on: boolean) =>
    setPicked(
      on ? [...picked, applicationId].slice(-COMPARE_MAX) : picked.filter((x) => x !== applicationId),
    );
  return (
    <div className="lv-page" data-testid="campaign-page">
      <LeaveStyles />
      <BoardStyles />
      <div className="lv-bar">
        <div>
          <Link to="/hiring-campaigns">{t('title')}</Link>
          <h2 data-testid="campaign-title">
            {c.position} <CampaignStatusTag status={c.status} />
          </h2>
          <div className="rc-meta">
            <span>{c.department?.name ?? t('noDepartment')}</span>
            <span>{t('openingsOf', { hired: c.hiredCount, openings: c.openings })}</span>
            <span>{`${showDate(c.opensOn)} – ${showDate(c.closesOn)}`}</span>
            <span>{t('teamOf', { names: c.hiringTeam.map(fullName).join(', ') || '—' })}</span>
          </div>
        </div>
        <div className="lv-row-actions">
          <Button
            icon="pi pi-th-large"
            outlined
            label={t('buttons.compare', { count: picked.length })}
            disabled={picked.length < COMPARE_MIN}
            tooltip={picked.length < COMPARE_MIN ? t('compare.pickHint') : undefined}
            tooltipOptions={{ showOnDisabled: true }}
            onClick={() => navigate(`/hiring-campaigns/${c.id}/compare?ids=${picked.join(',')}`)}
            data-testid="compare-selected"
          />
          {c.abilities.edit && (
            <Button icon="pi pi-pencil" outlined label={t('buttons.edit')} onClick={() => setEditing(true)} />
          )}
          {c.abilities.addCandidate && (
            <Button
              icon="pi pi-user-plus"
              label={t('buttons.addCandidate')}
              onClick={() => setAdding(true)}
              data-testid="candidate-add"
            />
          )}
        </div>
      </div>
      {c.description && <p>{c.description}</p>}
      <div className="rc-board" data-testid="board">
        {c.stages.map((stage) => (
          <section className="rc-column" key={stage.id} data-testid={`stage-${stage.name}`}>
            <h3>
              <span>{stage.name}</span>
              <span>{items.filter((a) => a.stage.id === stage.id).length}</span>
            </h3>
            {items
              .filter((a) => a.stage.id === stage.id)
              .map((a) => (
                <div className="rc-card" key={a.id} data-testid="candidate-card">
                  <button type="button" className="rc-name" onClick={() => setOpenId(a.id)}>
                    {fullName(a.candidate)}
                  </button>
                  <div className="rc-meta">
                    <Checkbox
                      inputId={`pick-${a.id}`}
                      checked={picked.includes(a.id)}
                      onChange={(e) => toggle(a.id, Boolean(e.checked))}
                      aria-label={t('compare.pick', { name: fullName(a.candidate) })}
                    />
                    <span>{t(`sources.${a.candidate.source}`)}</span>
                    <span>{t('feedbackCount', { count: a.feedbackCount })}</span>
                    {a.averagePercent !== null && (
                      <span data-testid="card-average">{`${a.averagePercent}%`}</span>
                    )}
                  </div>
                </div>
              ))}
          </section>
        ))}
      </div>
      {adding && <CandidateDialog campaignId={c.id} onClose={() => setAdding(false)} />}
      {editing && <CampaignDialog campaign={c} onClose={() => setEditing(false)} />}
      {openId && <ApplicationPanel campaign={c} id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}

/** One candidate: details, resume, history of moves, feedback; the actions the caller may take. */
function ApplicationPanel({
  campaign,
  id,
  onClose,
}: {
  campaign: Campaign;
  id: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('recruitment');
  const detail = useApplication(id);
  const [action, setAction] = useState<Action | null>(null);
  const canErase = usePermission('recruitment.manage');
  const run = useRunAction([recruitmentKeys.all]);
  const a = detail.data;
  const close = () => setAction(null);
  return (
    <Dialog
      visible
      header={a ? fullName(a.candidate) : '…'}
      onHide={onClose}
      style={{ width: 'min(46rem, 96vw)' }}
      draggable={false}
    >
      {a && (
        <div data-testid="application-panel">
          <div className="lv-row-actions" style={{ marginBottom: '.75rem' }}>
            {a.abilities.move && (
              <Button
                label={t('buttons.move')}
                icon="pi pi-arrow-right"
                onClick={() => setAction('move')}
                data-testid="action-move"
              />
            )}
            {a.abilities.giveFeedback && (
              <Button
                label={t('buttons.feedback')}
                icon="pi pi-star"
                outlined
                onClick={() => setAction('feedback')}
                data-testid="action-feedback"
              />
            )}
            {a.abilities.hire && (
              <Button
                label={t('buttons.hire')}
                icon="pi pi-check"
                severity="success"
                onClick={() => setAction('hire')}
                data-testid="action-hire"
              />
            )}
            {canErase && (
              <Button
                label={t('buttons.erase')}
                icon="pi pi-trash"
                severity="danger"
                text
                onClick={() => setAction('erase')}
              />
            )}
          </div>
          <ConfirmAction
            visible={action === 'erase'}
            title={t('erase.title', { name: fullName(a.candidate) })}
            message={t('erase.message')}
            action={t('buttons.erase')}
            onCancel={close}
            onConfirm={() =>
              void run(() => recruitmentApi.eraseCandidate(a.candidate.id), t('messages.erased')).then(
                (done) => done && onClose(),
              )
            }
          />
          <dl className="lv-grid">
            <dt>{t('fields.stage')}</dt>
            <dd data-testid="application-stage">{a.stage.name}</dd>
            <dt>{t('fields.email')}</dt>
            <dd>{a.candidate.email}</dd>
            <dt>{t('fields.phone')}</dt>
            <dd>{a.candidate.phone ?? '—'}</dd>
            <dt>{t('fields.source')}</dt>
            <dd>{t(`sources.${a.candidate.source}`)}</dd>
            <dt>{t('fields.links')}</dt>
            <dd>
              {a.candidate.links.map((link) => (
                <div key={link}>
                  <a href={link} target="_blank" rel="noreferrer noopener">
                    {link}
                  </a>
                </div>
              ))}
            </dd>
            <dt>{t('fields.resume')}</dt>
            <dd>
              <ResumeButton resume={a.resume} />
              {a.resume && !a.resume.hasText && <small>{t('noTextLayer')}</small>}
            </dd>
            {a.hiredEmployeeId && (
              <>
                <dt>{t('fields.employee')}</dt>
                <dd>
                  <Link
                    to={`/employee-management/employee/${a.hiredEmployeeId}`}
                    data-testid="hired-employee"
                  >
                    {t('hiredAs')}
                  </Link>
                </dd>
              </>
            )}
          </dl>
          {a.feedbackDue.length > 0 && (
            <p className="lv-error">
              {t('feedbackDue', { stages: a.feedbackDue.map((d) => d.stageName).join(', ') })}
            </p>
          )}
          <h4>{t('history')}</h4>
          <ul>
            <li>{t('appliedOn', { date: formatDate(a.appliedAt) })}</li>
            {a.moves.map((m) => (
              <li key={m.id}>
                {t('movedLine', {
                  from: m.from ?? '—',
                  to: m.to,
                  reason: m.reason,
                  name: m.movedBy ? fullName(m.movedBy) : t('someone'),
                  date: formatDate(m.movedAt),
                })}
              </li>
            ))}
          </ul>
          <h4>{t('feedbackTitle')}</h4>
          {a.feedback.length === 0 && <p>{t('noFeedback')}</p>}
          {a.feedback.map((f) => (
            <div key={f.id} className="rc-card">
              <strong>{fullName(f.interviewer)}</strong> · {f.stage.name} ·{' '}
              {t(`recommendations.${f.recommendation}`)}
              <div className="rc-meta">
                {f.scores.map((s) => {
                  const criterion = campaign.criteria.find((x) => x.id === s.criterionId);
                  return (
                    <span
                      key={s.criterionId}
                    >{`${criterion?.name ?? '?'}: ${s.score}/${criterion?.scaleMax ?? '?'}`}</span>
                  );
                })}
              </div>
              {f.comment && <p>{f.comment}</p>}
            </div>
          ))}
          {action === 'move' && <MoveDialog campaign={campaign} application={a} onClose={close} />}
          {action === 'feedback' && <FeedbackDialog campaign={campaign} application={a} onClose={close} />}
          {action === 'hire' && <HireDialog campaign={campaign} application={a} onClose={close} />}
        </div>
      )}
    </Dialog>
  );
}
