import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { COMPARE_MAX } from '../../../shared/recruitment.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import StatusPage from '../errors/StatusPage.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { BoardStyles } from './CampaignPage.tsx';
import { useBoard, useCampaign, useComparison } from './recruitment.queries.ts';

/**
 * /hiring-campaigns/:id/compare — two to four candidates side by side: stage, every interviewer's
 * score per criterion with the criterion's mean, the overall average, resume facts and feedback.
 * The picked candidates live in the address (`?ids=a,b`), so a comparison can be shared.
 */
export default function ComparePage() {
  const { t } = useTranslation('recruitment');
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const ids = (search.get('ids') ?? '').split(',').filter(Boolean).slice(0, COMPARE_MAX);
  const campaign = useCampaign(id);
  const board = useBoard(id);
  const comparison = useComparison(id, ids);
  if (campaign.error) return <StatusPage status={404} embedded />;
  const data = comparison.data;
  const name = (interviewerId: string) => {
    const person = data?.interviewers.find((p) => p.id === interviewerId);
    return person ? fullName(person) : '?';
  };
  return (
    <div className="lv-page" data-testid="compare-page">
      <LeaveStyles />
      <BoardStyles />
      <div className="lv-bar">
        <div>
          <Link to={`/hiring-campaigns/${id}`}>{campaign.data?.position ?? '…'}</Link>
          <h2>{t('compare.title')}</h2>
        </div>
      </div>
      <label className="lv-field">
        {t('compare.pickLabel')}
        <MultiSelect
          value={ids}
          options={(board.data?.items ?? []).map((a) => ({ value: a.id, label: fullName(a.candidate) }))}
          selectionLimit={COMPARE_MAX}
          display="chip"
          onChange={(e) => setSearch({ ids: (e.value as string[]).join(',') }, { replace: true })}
          data-testid="compare-pick"
        />
      </label>
      {ids.length < 2 && <p>{t('compare.pickHint')}</p>}
      {data && (
        <div className="rc-compare">
          <table data-testid="compare-table">
            <thead>
              <tr>
                <th />
                {data.candidates.map((c) => (
                  <th key={c.application.id} data-testid="compare-candidate">
                    {fullName(c.application.candidate)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th>{t('fields.stage')}</th>
                {data.candidates.map((c) => (
                  <td key={c.application.id}>{c.application.stage.name}</td>
                ))}
              </tr>
              <tr>
                <th>{t('compare.overall')}</th>
                {data.candidates.map((c) => (
                  <td key={c.application.id} data-testid="compare-average">
                    {c.application.averagePercent === null ? '—' : `${c.application.averagePercent}%`}
                  </td>
                ))}
              </tr>
              {data.criteria.map((criterion, index) => (
                <tr key={criterion.id}>
                  <th>{`${criterion.name} (1–${criterion.scaleMax})`}</th>
                  {data.candidates.map((c) => {
                    const row = c.criteria[index]!;
                    return (
                      <td key={c.application.id}>
                        <strong>
                          {row.average === null ? '—' : t('compare.mean', { value: row.average })}
                        </strong>
                        {row.scores.map((s, i) => (
                          <div
                            key={i}
                            className="rc-meta"
                          >{`${name(s.interviewerId)} · ${s.stageName}: ${s.score}`}</div>
                        ))}
                      </td>
                    );
                  })}
                </tr>
              ))}
              <tr>
                <th>{t('compare.facts')}</th>
                {data.candidates.map((c) => (
                  <td key={c.application.id}>
                    {c.facts ? (
                      <>
                        <div>{c.facts.headline.join(' · ')}</div>
                        <div className="rc-meta">
                          <span>{t('compare.pages', { count: c.facts.pageCount })}</span>
                          <span>{t('compare.words', { count: c.facts.wordCount })}</span>
                          {c.facts.yearsOfExperience !== null && (
                            <span>{t('compare.years', { count: c.facts.yearsOfExperience })}</span>
                          )}
                        </div>
                        {c.facts.links.map((link) => (
                          <div key={link} className="rc-meta">
                            {link}
                          </div>
                        ))}
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                ))}
              </tr>
              <tr>
                <th>{t('feedbackTitle')}</th>
                {data.candidates.map((c) => (
                  <td key={c.application.id}>
                    {c.feedback.length === 0 && '—'}
                    {c.feedback.map((f) => (
                      <div key={f.id}>
                        <strong>{`${fullName(f.interviewer)} · ${t(`recommendations.${f.recommendation}`)}`}</strong>
                        {f.comment && <p>{f.comment}</p>}
                      </div>
                    ))}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
