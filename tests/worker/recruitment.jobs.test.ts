import t from 'tap';
import { companyToday } from '../../server/core/company-date.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import { remindOverdueFeedback } from '../../server/domains/recruitment/feedback-reminders.service.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { insertApplication, insertCampaign } from '../helpers/recruitment-factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The job of server/domains/recruitment/recruitment.jobs.ts against a real database: each hiring-team
// member with no feedback on an application past its due date is reminded, once a day; a second run
// the same day reminds nobody; the next day they are reminded again.

const config = testConfig();
const DAY = 24 * 60 * 60 * 1000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

t.test('recruitment.remind-overdue-feedback: the overdue interviewers, once a day', async (t) => {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  const db = database.db;
  const silent = await createUser(db, { firstName: 'Minh', lastName: 'Lê' });
  const done = await createUser(db, { firstName: 'Thảo', lastName: 'Phạm' });
  const open = await insertCampaign(db, { teamIds: [silent.id, done.id] });
  const closed = await insertCampaign(db, { status: 'CLOSED', teamIds: [silent.id] });
  const longAgo = new Date(Date.now() - 10 * DAY);
  const at = async (
    campaign: Awaited<ReturnType<typeof insertCampaign>>,
    kind: string,
    movedAt: Date,
  ): Promise<string> => {
    const application = await insertApplication(db, campaign);
    await db
      .updateTable('hiring_applications')
      .set({ stage_id: campaign.stage(kind), moved_at: movedAt })
      .where('id', '=', application.id)
      .execute();
    return application.id;
  };
  const overdue = await at(open, 'INTERVIEW', longAgo);
  await at(open, 'INTERVIEW', new Date()); // due in three days
  await at(open, 'APPLIED', longAgo); // no feedback asked for
  await at(closed, 'INTERVIEW', longAgo); // the campaign is closed
  await db
    .insertInto('hiring_feedback')
    .values({
      application_id: overdue,
      stage_id: open.stage('INTERVIEW'),
      interviewer_id: done.id,
      recommendation: 'YES',
    })
    .execute();
  const reminders = () =>
    db
      .selectFrom('notifications')
      .select(['user_id', 'type', 'data'])
      .where('type', '=', 'HIRING_FEEDBACK_DUE')
      .execute();

  const today = companyToday(config);
  const first = await runJobHandler(db, config, 'recruitment.remind-overdue-feedback');
  t.same(first, { today, applications: 1, reminders: 1 }, 'one application overdue, one interviewer silent');
  const sent = await reminders();
  t.same(
    sent.map((n) => n.user_id),
    [silent.id],
    'only the interviewer without feedback is reminded',
  );
  t.match(sent[0]!.data, {
    actor: null,
    campaign: { id: open.id },
    stage: 'Interview 1',
    dueDate: addDays(companyToday(config, longAgo), 3),
  });
  const audit = await auditOfJob(db, 'recruitment.remind-overdue-feedback');
  t.same(
    audit.map((a) => [a.action, a.actor_label]),
    [['hiring_application.feedback_reminded', 'system']],
  );

  const second = await runJobHandler(db, config, 'recruitment.remind-overdue-feedback');
  t.same(second, { today, applications: 0, reminders: 0 }, 'a second run the same day reminds nobody');
  t.equal((await reminders()).length, 1);

  const ctx = createContext({ db, config }, SYSTEM_ACTOR);
  const tomorrow = await remindOverdueFeedback(ctx, { today: addDays(today, 1) });
  t.same(tomorrow, { today: addDays(today, 1), applications: 1, reminders: 1 }, 'the next day, again');
  t.equal((await reminders()).length, 2);

  await db
    .insertInto('hiring_feedback')
    .values({
      application_id: overdue,
      stage_id: open.stage('INTERVIEW'),
      interviewer_id: silent.id,
      recommendation: 'NO',
    })
    .execute();
  const afterFeedback = await remindOverdueFeedback(ctx, { today: addDays(today, 2) });
  t.equal(afterFeedback.reminders, 0, 'once everyone has given feedback, nobody is reminded');
});
