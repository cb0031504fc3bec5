import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeed, LeaveCalendar } from '../../../shared/leave.schemas.ts';
import { isWeekend } from '../../../shared/rules/leave-duration.ts';
import { addDays } from '../../../shared/rules/periods.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { daysText } from './leave-format.ts';
import { leaveApi, leaveKeys, useCalendarFeeds, useTeamCalendar } from './leave.queries.ts';

function monthOf(date: string) {
  const first = `${date.slice(0, 7)}-01`;
  const next = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 1))
    .toISOString()
    .slice(0, 10);
  return { first, last: addDays(next, -1) };
}

/** Who is off this month, person by day, holidays marked; and private calendar feeds. */
export function TeamCalendarPanel() {
  const { t } = useTranslation('leave');
  const [month, setMonth] = useState(() => monthOf(new Date().toISOString().slice(0, 10)));
  const calendar = useTeamCalendar(month.first, month.last);
  const days = useMemo(() => {
    const list: string[] = [];
    for (let day = month.first; day <= month.last; day = addDays(day, 1)) list.push(day);
    return list;
  }, [month]);
  const people = useMemo(() => groupByPerson(calendar.data), [calendar.data]);
  const holidayOn = (day: string) =>
    calendar.data?.holidays.find((h) => h.startDate <= day && day <= h.endDate);

  return (
    <div className="lv-page">
      <div className="lv-bar">
        <Button
          icon="pi pi-chevron-left"
          text
          aria-label={t('ui.previousMonth')}
          onClick={() => setMonth(monthOf(addDays(month.first, -1)))}
        />
        <h3>{month.first.slice(0, 7).replace('-', '/')}</h3>
        <Button
          icon="pi pi-chevron-right"
          text
          aria-label={t('ui.nextMonth')}
          onClick={() => setMonth(monthOf(addDays(month.last, 1)))}
        />
      </div>
      <div className="lv-calendar" data-testid="team-calendar">
        <table>
          <thead>
            <tr>
              <th className="lv-name">{t('ui.columns.person')}</th>
              {days.map((day) => (
                <th
                  key={day}
                  className={isWeekend(day) ? 'is-weekend' : holidayOn(day) ? 'is-holiday' : ''}
                  title={holidayOn(day)?.name}
                >
                  {Number(day.slice(8))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {people.length === 0 && (
              <tr>
                <td className="lv-name" colSpan={days.length + 1}>
                  {t('ui.nobodyOff')}
                </td>
              </tr>
            )}
            {people.map(({ name, items }) => (
              <tr key={name}>
                <td className="lv-name">{name}</td>
                {days.map((day) => {
                  const item = items.find((i) => i.startDate <= day && day <= i.endDate);
                  const off = item && !isWeekend(day) && !holidayOn(day);
                  return (
                    <td
                      key={day}
                      className={
                        off
                          ? item.status === 'APPROVED'
                            ? 'is-off'
                            : 'is-waiting'
                          : isWeekend(day)
                            ? 'is-weekend'
                            : ''
                      }
                      title={
                        off
                          ? `${item.absenceTypeName || t('ui.off')} · ${daysText(item.duration, t)} · ${t(`status.${item.status}`)}`
                          : undefined
                      }
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <span className="lv-hint">{t('ui.calendarLegend')}</span>
      <Feeds />
    </div>
  );
}

function groupByPerson(calendar: LeaveCalendar | undefined) {
  const byPerson = new Map<string, { name: string; items: LeaveCalendar['items'] }>();
  for (const item of calendar?.items ?? []) {
    const entry = byPerson.get(item.person.id) ?? {
      name: `${item.person.firstName} ${item.person.lastName}`.trim(),
      items: [],
    };
    entry.items.push(item);
    byPerson.set(item.person.id, entry);
  }
  return [...byPerson.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Subscribe a calendar app to one's leave or one's department's: the address is shown once. */
function Feeds() {
  const { t } = useTranslation('leave');
  const feeds = useCalendarFeeds();
  const run = useRunAction([leaveKeys.feeds]);
  const [created, setCreated] = useState<CalendarFeed | null>(null);
  const [revoking, setRevoking] = useState<CalendarFeed | null>(null);
  const create = (scope: 'PERSON' | 'DEPARTMENT') =>
    void run(async () => setCreated(await leaveApi.createFeed(scope)), t('ui.feedCreated'));
  return (
    <section className="lv-card">
      <h3>{t('ui.feeds')}</h3>
      <p className="lv-hint">{t('ui.feedsHint')}</p>
      <div className="lv-row-actions" style={{ justifyContent: 'flex-start' }}>
        <Button label={t('ui.feedMine')} size="small" outlined onClick={() => create('PERSON')} />
        <Button label={t('ui.feedDepartment')} size="small" outlined onClick={() => create('DEPARTMENT')} />
      </div>
      {created?.url && (
        <div className="lv-field" style={{ marginTop: '.75rem' }}>
          <label htmlFor="feed-url">{t('ui.feedUrl')}</label>
          <InputText id="feed-url" readOnly value={created.url} onFocus={(event) => event.target.select()} />
        </div>
      )}
      <ul>
        {feeds.data?.items.map((feed) => (
          <li key={feed.id}>
            {feed.scope === 'PERSON'
              ? t('ui.feedMine')
              : `${t('ui.feedDepartment')}: ${feed.departmentName ?? ''}`}{' '}
            <Button
              label={t('ui.revoke')}
              text
              size="small"
              severity="danger"
              onClick={() => setRevoking(feed)}
            />
          </li>
        ))}
      </ul>
      <ConfirmAction
        visible={revoking !== null}
        title={t('ui.revokeTitle')}
        message={t('ui.revokeMessage')}
        action={t('ui.revoke')}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const feed = revoking!;
          setRevoking(null);
          if (created?.id === feed.id) setCreated(null);
          void run(() => leaveApi.revokeFeed(feed.id), t('ui.revoked'));
        }}
      />
    </section>
  );
}
