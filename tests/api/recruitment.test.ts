import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';
import { bigPdf, HTML, storedFiles } from '../helpers/invoice-factories.ts';
import {
  applicationForm,
  insertApplication,
  insertCampaign,
  recruitmentState,
  resumeFile,
} from '../helpers/recruitment-factories.ts';

/**
 * Recruitment through the API (issue 21): campaigns and their pipeline, candidates with PDF resumes
 * (checked by content, text extracted and searched accent-insensitively), moves with reasons, scored
 * feedback, compare, hire into a PENDING employee, and who may see a candidate.
 */

async function world(t: Parameters<typeof buildTestApp>[0]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-recruitment-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await buildTestApp(t, { DATA_DIR: dataDir });
  const hr = await app.signIn({
    permissions: ['recruitment.view', 'recruitment.manage', 'employees.view', 'employees.manage'],
    firstName: 'Hà',
    lastName: 'Trần',
  });
  const interviewer = await app.signIn({ permissions: [], firstName: 'Minh', lastName: 'Lê' });
  return { app, dataDir, hr, interviewer };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field below
type Who = { inject: (o: never) => Promise<{ statusCode: number; json(): any; body: string }> };
type Caller = { inject: (...args: never[]) => unknown };
const call = (who: Caller, method: string, url: string, payload?: unknown) =>
  (who as unknown as Who).inject({ method, url, payload } as never);

async function createCampaign(hr: Caller, teamIds: string[], extra: Record<string, unknown> = {}) {
  const response = await call(hr, 'POST', '/api/hiring-campaigns', {
    position: 'Backend developer',
    openings: 2,
    status: 'OPEN',
    hiringTeamIds: teamIds,
    criteria: [
      { name: 'Technical skills', scaleMax: 5 },
      { name: 'Communication', scaleMax: 3 },
    ],
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json();
}

const candidate = (extra: Record<string, string | string[] | null> = {}) => ({
  firstName: 'Hương',
  lastName: 'Nguyễn Thị',
  email: 'huong.nguyen@example.com',
  phone: '0901 234 567',
  source: 'REFERRAL',
  links: ['https://github.com/huong'],
  ...extra,
});

const apply = (who: Caller, campaignId: string, form: ReturnType<typeof applicationForm>) =>
  (who as unknown as Who).inject({
    method: 'POST',
    url: `/api/hiring-campaigns/${campaignId}/applications`,
    ...form,
  } as never);

t.test(
  'a candidate applies with a PDF: the team is told, the resume is searchable without accents',
  async (t) => {
    const { app, hr, interviewer } = await world(t);
    const campaign = await createCampaign(hr, [interviewer.user.id]);
    t.same(
      campaign.stages.map((s: { kind: string }) => s.kind),
      ['APPLIED', 'SCREENING', 'INTERVIEW', 'INTERVIEW', 'OFFER', 'HIRED', 'REJECTED'],
      'the default pipeline',
    );
    const created = await apply(
      hr,
      campaign.id,
      applicationForm(
        candidate(),
        resumeFile(['José Müller', 'Senior café engineer, 7 years', 'TypeScript PostgreSQL']),
      ),
    );
    t.equal(created.statusCode, 201, created.body);
    const application = created.json();
    t.match(application, {
      candidate: {
        firstName: 'Hương',
        email: 'huong.nguyen@example.com',
        links: ['https://github.com/huong'],
      },
      stage: { kind: 'APPLIED' },
      resume: { fileName: 'resume.pdf', pageCount: 1, hasText: true },
    });

    const notices = await app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', interviewer.user.id)
      .execute();
    t.same(
      notices.map((n) => n.type),
      ['HIRING_NEW_CANDIDATE'],
      'the hiring team hears of the new candidate',
    );

    for (const search of ['jose muller', 'CAFE', 'postgres', 'nguyen thi huong']) {
      const found = await call(hr, 'GET', `/api/resumes?search=${encodeURIComponent(search)}`);
      t.equal(found.json().total, 1, `"${search}" finds the resume`);
    }
    const hit = (await call(hr, 'GET', '/api/resumes?search=cafe')).json().items[0];
    t.match(hit.snippet, /café/, 'the snippet shows the text as written');
    t.same(hit.applications[0].position, 'Backend developer');
    t.equal(
      (await call(hr, 'GET', '/api/resumes?search=python')).json().total,
      0,
      'other words find nothing',
    );

    const file = await call(hr, 'GET', `/api/resumes/${application.resume.id}/file`);
    t.equal(file.statusCode, 200);
    t.match(file.body, /^%PDF-/);
  },
);

t.test(
  'the same email twice in a campaign is refused and leaves nothing; another campaign reuses the resume',
  async (t) => {
    const { app, dataDir, hr } = await world(t);
    const first = await createCampaign(hr, []);
    const second = await createCampaign(hr, [], { position: 'Tester' });
    t.equal((await apply(hr, first.id, applicationForm(candidate(), resumeFile(['A'])))).statusCode, 201);
    const before = await recruitmentState(app.db);
    const files = storedFiles(dataDir);

    const again = await apply(
      hr,
      first.id,
      applicationForm(candidate({ email: 'HUONG.nguyen@example.com' }), resumeFile(['B'])),
    );
    t.equal(again.statusCode, 409);
    t.equal(again.json().details[0].field, 'email');
    t.match(again.json().details[0].message, /already applied/);
    t.same(await recruitmentState(app.db), before, 'nothing changed');
    t.same(storedFiles(dataDir), files, 'the second file is gone');

    const elsewhere = await apply(hr, second.id, applicationForm(candidate()));
    t.equal(elsewhere.statusCode, 201, elsewhere.body);
    t.ok(elsewhere.json().resume, 'the latest resume goes with the new application');
    t.equal(
      (await app.db.selectFrom('candidates').selectAll().execute()).length,
      1,
      'one person, two applications',
    );
  },
);

t.test('a resume is checked by content and size with the usual messages; nothing is kept', async (t) => {
  const { app, dataDir, hr } = await world(t);
  const campaign = await createCampaign(hr, []);
  const before = await recruitmentState(app.db);
  const cases = [
    { name: 'an HTML page named .pdf', data: HTML, status: 415, message: 'Unsupported file type.' },
    {
      name: 'a broken PDF',
      data: Buffer.from('%PDF-1.4 nothing else here at all'),
      status: 415,
      message: 'Unsupported file type.',
    },
    {
      name: 'an 11 MB PDF',
      data: bigPdf(11),
      status: 413,
      message: 'File size exceeds the maximum limit of 10MB.',
    },
  ];
  for (const c of cases) {
    const response = await apply(
      hr,
      campaign.id,
      applicationForm(candidate(), { fileName: 'cv.pdf', type: 'application/pdf', data: c.data }),
    );
    t.equal(response.statusCode, c.status, c.name);
    t.equal(response.json().details[0].field, 'resume');
    t.equal(response.json().details[0].message, c.message, c.name);
  }
  const missing = await apply(hr, campaign.id, applicationForm(candidate()));
  t.equal(missing.statusCode, 422, 'a new candidate needs a resume');
  t.equal(missing.json().details[0].field, 'resume');
  const form = applicationForm(candidate(), { fileName: 'cv.pdf', type: 'application/pdf', data: HTML });
  const vietnamese = await (hr as unknown as Who).inject({
    method: 'POST',
    url: `/api/hiring-campaigns/${campaign.id}/applications`,
    payload: form.payload,
    headers: { ...form.headers, 'accept-language': 'vi' },
  } as never);
  t.equal(vietnamese.json().details[0].message, 'Loại tệp không được hỗ trợ.', 'in Vietnamese too');
  t.same(await recruitmentState(app.db), before, 'nothing changed');
  t.same(storedFiles(dataDir), [], 'no file kept');
});

t.test('candidates join only an open campaign', async (t) => {
  const { app, hr } = await world(t);
  const campaign = await insertCampaign(app.db, { status: 'ON_HOLD' });
  const before = await recruitmentState(app.db);
  const response = await apply(hr, campaign.id, applicationForm(candidate(), resumeFile(['A'])));
  t.equal(response.statusCode, 409);
  t.equal(response.json().code, 'HIRING_CAMPAIGN_NOT_OPEN');
  t.same(await recruitmentState(app.db), before);
});

t.test(
  "moves stay within the campaign's pipeline, with a reason; interviews make feedback due",
  async (t) => {
    const { app, interviewer } = await world(t);
    const campaign = await insertCampaign(app.db, { teamIds: [interviewer.user.id] });
    const other = await insertCampaign(app.db);
    const application = await insertApplication(app.db, campaign);
    const before = await recruitmentState(app.db);
    const move = (body: Record<string, unknown>) =>
      call(interviewer, 'POST', `/api/hiring-applications/${application.id}/move`, {
        reason: 'Good CV',
        version: 1,
        ...body,
      });

    const refusals = [
      { body: { stageId: other.stage('SCREENING') }, code: 'stageNotInPipeline' },
      { body: { stageId: campaign.stage('HIRED') }, code: 'hireThroughHire' },
      { body: { stageId: campaign.stage('APPLIED') }, code: 'sameStage' },
    ];
    for (const refusal of refusals) {
      const response = await move(refusal.body);
      t.equal(response.statusCode, 422, refusal.code);
      t.equal(response.json().details[0].code, refusal.code);
    }
    const blank = await move({ stageId: campaign.stage('SCREENING'), reason: '   ' });
    t.equal(blank.statusCode, 422, 'a reason is required');
    t.equal(blank.json().details[0].field, 'reason');
    const stale = await move({ stageId: campaign.stage('SCREENING'), version: 9 });
    t.equal(stale.statusCode, 412);
    t.same(await recruitmentState(app.db), before, 'nothing changed');

    const moved = await move({ stageId: campaign.stage('INTERVIEW') });
    t.equal(moved.statusCode, 200, moved.body);
    t.equal(moved.json().stage.name, 'Interview 1');
    const detail = (await call(interviewer, 'GET', `/api/hiring-applications/${application.id}`)).json();
    t.match(detail.moves, [{ from: 'Applied', to: 'Interview 1', reason: 'Good CV' }]);
    t.same(
      detail.feedbackDue.map((d: { stageName: string }) => d.stageName),
      ['Interview 1'],
    );
    const due = await app.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'HIRING_FEEDBACK_DUE')
      .execute();
    t.equal(due.length, 1);
    t.equal(due[0]!.user_id, interviewer.user.id);

    await app.db
      .updateTable('hiring_campaigns')
      .set({ status: 'CLOSED' })
      .where('id', '=', campaign.id)
      .execute();
    const closed = await move({ stageId: campaign.stage('OFFER'), version: 2 });
    t.equal(closed.statusCode, 409);
    t.equal(closed.json().code, 'HIRING_CAMPAIGN_CLOSED');
  },
);

t.test(
  'feedback scores stay within each scale; compare shows scores, averages and resume facts',
  async (t) => {
    const { app, hr, interviewer } = await world(t);
    const campaign = await createCampaign(hr, [interviewer.user.id]);
    const [technical, communication] = campaign.criteria;
    const interview = campaign.stages.find((s: { kind: string }) => s.kind === 'INTERVIEW').id;
    const ids: string[] = [];
    for (const [i, name] of ['Alice', 'Bình'].entries()) {
      const created = await apply(
        hr,
        campaign.id,
        applicationForm(
          candidate({ firstName: name, email: `c${i}@example.com` }),
          resumeFile([name, `${3 + i} years of Go`]),
        ),
      );
      ids.push(created.json().id);
    }
    const feedback = (id: string, scores: Array<[string, number]>, who = interviewer) =>
      call(who, 'PUT', `/api/hiring-applications/${id}/feedback`, {
        stageId: interview,
        recommendation: 'YES',
        comment: 'Solid',
        scores: scores.map(([criterionId, score]) => ({ criterionId, score })),
      });

    const before = await recruitmentState(app.db);
    const over = await feedback(ids[0]!, [
      [technical.id, 5],
      [communication.id, 4],
    ]);
    t.equal(over.statusCode, 422);
    t.same(over.json().details, [
      {
        field: 'scores.1',
        code: 'scoreOutOfScale',
        params: { max: 3 },
        message: 'The score must be between 1 and 3',
      },
    ]);
    const onApplied = await call(interviewer, 'PUT', `/api/hiring-applications/${ids[0]}/feedback`, {
      stageId: campaign.stages[0].id,
      recommendation: 'NO',
      scores: [],
    });
    t.equal(onApplied.json().details[0].code, 'stageTakesNoFeedback');
    t.same(await recruitmentState(app.db), before, 'nothing changed');

    t.equal(
      (
        await feedback(ids[0]!, [
          [technical.id, 5],
          [communication.id, 3],
        ])
      ).statusCode,
      200,
    );
    t.equal(
      (
        await feedback(
          ids[0]!,
          [
            [technical.id, 4],
            [communication.id, 3],
          ],
          hr,
        )
      ).statusCode,
      200,
    );
    t.equal((await feedback(ids[1]!, [[technical.id, 2]])).statusCode, 200);

    const compared = await call(
      hr,
      'GET',
      `/api/hiring-campaigns/${campaign.id}/compare?applicationIds=${ids[0]}&applicationIds=${ids[1]}`,
    );
    t.equal(compared.statusCode, 200, compared.body);
    const [a, b] = compared.json().candidates;
    t.same(a.criteria[0].scores.map((s: { score: number }) => s.score).sort(), [4, 5]);
    t.equal(a.criteria[0].average, 4.5);
    t.equal(a.application.averagePercent, Math.round(((100 + 75 + 100 + 100) / 4) * 10) / 10);
    t.equal(b.facts.yearsOfExperience, 4);
    t.match(a.feedback[0], { comment: 'Solid', recommendation: 'YES' });
    t.equal(compared.json().interviewers.length, 2);

    const one = await call(
      hr,
      'GET',
      `/api/hiring-campaigns/${campaign.id}/compare?applicationIds=${ids[0]}&applicationIds=${ids[0]}`,
    );
    t.equal(one.json().details[0].code, 'compareTwoToFour');
  },
);

t.test('only recruitment permissions and the hiring team see a candidate', async (t) => {
  const { app, hr, interviewer } = await world(t);
  const everythingElse = await app.signIn({
    permissions: ['employees.view', 'employees.manage', 'documents.manage', 'audit.view'],
  });
  const viewer = await app.signIn({ permissions: ['recruitment.view'] });
  const mine = await createCampaign(hr, [interviewer.user.id]);
  const notMine = await createCampaign(hr, [], { position: 'Designer' });
  const application = (
    await apply(hr, mine.id, applicationForm(candidate(), resumeFile(['Secret CV'])))
  ).json();

  for (const url of [
    `/api/hiring-campaigns/${mine.id}`,
    `/api/hiring-applications/${application.id}`,
    `/api/resumes/${application.resume.id}/file`,
    `/api/hiring-campaigns/${mine.id}/applications`,
  ])
    t.equal((await call(everythingElse, 'GET', url)).statusCode, 404, `an outsider gets 404 for ${url}`);
  t.equal((await call(everythingElse, 'GET', '/api/hiring-campaigns')).json().total, 0, 'and an empty list');
  t.equal((await call(everythingElse, 'GET', '/api/resumes')).statusCode, 403);

  const teamList = (await call(interviewer, 'GET', '/api/hiring-campaigns')).json();
  t.same(
    teamList.items.map((c: { id: string }) => c.id),
    [mine.id],
    'the team member sees their campaign only',
  );
  t.equal((await call(interviewer, 'GET', `/api/hiring-campaigns/${notMine.id}`)).statusCode, 404);
  t.equal((await call(interviewer, 'GET', `/api/resumes/${application.resume.id}/file`)).statusCode, 200);
  t.equal(
    (await call(interviewer, 'GET', '/api/resumes')).statusCode,
    403,
    'all-resume is for recruitment permissions',
  );

  t.equal((await call(viewer, 'GET', `/api/hiring-applications/${application.id}`)).statusCode, 200);
  const edit = await call(viewer, 'PUT', `/api/hiring-campaigns/${mine.id}`, {
    position: 'X',
    openings: 1,
    hiringTeamIds: [],
    version: 1,
  });
  t.equal(edit.statusCode, 403, 'viewing is not managing');
});

t.test(
  'hiring invites a PENDING employee with the known fields; twice or on a taken email is refused',
  async (t) => {
    const { app, hr } = await world(t);
    const department = await call(hr, 'POST', '/api/departments', { name: 'Engineering' });
    const departmentId = department.statusCode === 201 ? department.json().id : null;
    const campaign = await createCampaign(hr, [], departmentId ? { departmentId } : {});
    const application = (
      await apply(hr, campaign.id, applicationForm(candidate(), resumeFile(['CV'])))
    ).json();

    const taken = (
      await apply(
        hr,
        campaign.id,
        applicationForm(candidate({ email: hr.user.email, firstName: 'Dup' }), resumeFile(['CV'])),
      )
    ).json();
    const before = await recruitmentState(app.db);
    const refused = await call(hr, 'POST', `/api/hiring-applications/${taken.id}/hire`, {});
    t.ok(
      [409, 422].includes(refused.statusCode),
      `an email with an account is refused (${refused.statusCode})`,
    );
    t.same(await recruitmentState(app.db), before, 'nothing changed');

    const hired = await call(hr, 'POST', `/api/hiring-applications/${application.id}/hire`, {
      onboardDate: '2030-01-02',
      contractType: 'PROBATION',
      reason: 'Offer accepted',
    });
    t.equal(hired.statusCode, 200, hired.body);
    const { employeeId, application: after } = hired.json();
    t.equal(after.stage.kind, 'HIRED');
    t.equal(after.hiredEmployeeId, employeeId);
    const employee = await app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', employeeId)
      .executeTakeFirstOrThrow();
    t.match(employee, {
      status: 'PENDING',
      first_name: 'Hương',
      last_name: 'Nguyễn Thị',
      email: 'huong.nguyen@example.com',
      phone_number: '0901 234 567',
      contract_type: 'PROBATION',
      department_id: departmentId,
    });
    const mail = await app.db.selectFrom('mail_outbox').selectAll().execute();
    t.ok(
      mail.some((m) => JSON.stringify(m).includes('huong.nguyen@example.com')),
      'the invitation is mailed',
    );

    const again = await call(hr, 'POST', `/api/hiring-applications/${application.id}/hire`, {});
    t.equal(again.statusCode, 409);
    t.equal(again.json().code, 'HIRING_APPLICATION_HIRED');
    const moveHired = await call(hr, 'POST', `/api/hiring-applications/${application.id}/move`, {
      stageId: campaign.stages[0].id,
      reason: 'x',
      version: after.version,
    });
    t.equal(moveHired.json().code, 'HIRING_APPLICATION_HIRED');

    const recruiterOnly = await app.signIn({ permissions: ['recruitment.manage'] });
    const other = (
      await apply(hr, campaign.id, applicationForm(candidate({ email: 'x@example.com' }), resumeFile(['CV'])))
    ).json();
    t.equal(
      (await call(recruiterOnly, 'POST', `/api/hiring-applications/${other.id}/hire`, {})).statusCode,
      403,
      'hiring needs employees.manage too',
    );
  },
);

t.test(
  'the pipeline and scorecard are edited without losing where candidates stand or their scores',
  async (t) => {
    const { app, hr } = await world(t);
    const campaign = await createCampaign(hr, []);
    await apply(hr, campaign.id, applicationForm(candidate(), resumeFile(['CV'])));
    const stages = campaign.stages.map((s: { id: string; name: string; kind: string }) => ({
      id: s.id,
      name: s.name,
      kind: s.kind,
    }));
    const update = (body: Record<string, unknown>) =>
      call(hr, 'PUT', `/api/hiring-campaigns/${campaign.id}`, {
        position: 'Backend developer',
        openings: 2,
        hiringTeamIds: [],
        version: 1,
        ...body,
      });
    const before = await recruitmentState(app.db);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ stages: stages.slice(1) }, 'pipelineNeedsOne'],
      [{ stages: stages.filter((s: { kind: string }) => s.kind !== 'HIRED') }, 'pipelineNeedsOne'],
      [{ stages: [...stages, { name: 'applied', kind: 'SCREENING' }] }, 'stageNameTaken'],
      [{ opensOn: '2030-02-01', closesOn: '2030-01-01' }, 'closesBeforeOpens'],
    ];
    for (const [body, code] of refusals) {
      const response = await update(body);
      t.equal(response.statusCode, 422, code);
      t.ok(
        response.json().details.some((d: { code: string }) => d.code === code),
        code,
      );
    }
    t.same(await recruitmentState(app.db), before, 'nothing changed');

    const renamed = await update({
      stages: [
        stages[0],
        { name: 'Phone screen', kind: 'SCREENING' },
        ...stages.slice(2, 3),
        ...stages.slice(4),
      ],
      status: 'ON_HOLD',
    });
    t.equal(renamed.statusCode, 200, renamed.body);
    t.same(
      renamed.json().stages.map((s: { name: string }) => s.name),
      ['Applied', 'Phone screen', 'Interview 1', 'Offer', 'Hired', 'Rejected'],
    );
    t.equal(renamed.json().stages[0].candidateCount, 1, 'the candidate still stands in Applied');
    t.equal(renamed.json().abilities.addCandidate, false, 'on hold: no new candidates');
  },
);

t.test(
  'erasing a candidate deletes them, their resumes (files too), applications and feedback',
  async (t) => {
    const { app, dataDir, hr, interviewer } = await world(t);
    const campaign = await createCampaign(hr, [interviewer.user.id]);
    const application = (
      await apply(hr, campaign.id, applicationForm(candidate(), resumeFile(['CV'])))
    ).json();
    t.equal(storedFiles(dataDir).length, 1);
    const before = await recruitmentState(app.db);
    const refused = await call(interviewer, 'DELETE', `/api/candidates/${application.candidate.id}`);
    t.equal(refused.statusCode, 403, 'the hiring team may not erase');
    t.same(await recruitmentState(app.db), before, 'nothing changed');

    const erased = await call(hr, 'DELETE', `/api/candidates/${application.candidate.id}`);
    t.equal(erased.statusCode, 204, erased.body);
    t.equal((await app.db.selectFrom('candidates').selectAll().execute()).length, 0);
    t.equal((await app.db.selectFrom('hiring_applications').selectAll().execute()).length, 0);
    t.equal((await app.db.selectFrom('candidate_resumes').selectAll().execute()).length, 0);
    t.same(storedFiles(dataDir), [], 'the resume file is gone');
    const audit = await app.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'candidate.erased')
      .executeTakeFirstOrThrow();
    t.notMatch(JSON.stringify(audit), /huong/i, 'the audit trail keeps no erased personal data');
    t.equal((await call(hr, 'DELETE', `/api/candidates/${application.candidate.id}`)).statusCode, 404);
  },
);
