import type { Db } from '../../server/db/connect.ts';
import { DEFAULT_STAGES } from '../../shared/recruitment.schemas.ts';
import { invoiceForm, type FormFile } from './invoice-factories.ts';

/**
 * A small valid PDF with these lines of text (Helvetica, WinAnsi: Latin accents such as é and ü,
 * not Vietnamese ones), as a resume. The text is what the server extracts and searches.
 */
export function tinyPdf(lines: readonly string[]): Buffer {
  const escape = (line: string) => line.replace(/[\\()]/g, '\\$&');
  const content = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((line) => `(${escape(line)}) '`).join(' ')} ET`;
  const length = Buffer.byteLength(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export const resumeFile = (lines: readonly string[], fileName = 'resume.pdf'): FormFile => ({
  fileName,
  type: 'application/pdf',
  data: tinyPdf(lines),
});

/** The multipart form of an application: the candidate's fields and a `resume` file. */
export const applicationForm = (
  fields: Record<string, string | string[] | null | undefined>,
  resume?: FormFile,
) => invoiceForm(fields, resume ? [resume] : [], 'resume');

/** A campaign written directly (with the default pipeline and one 1-5 criterion), for fixtures. */
export async function insertCampaign(
  db: Db,
  options: { position?: string; status?: 'DRAFT' | 'OPEN' | 'ON_HOLD' | 'CLOSED'; teamIds?: string[] } = {},
) {
  const campaign = await db
    .insertInto('hiring_campaigns')
    .values({
      position: options.position ?? 'Backend developer',
      openings: 1,
      status: options.status ?? 'OPEN',
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  const stages = await db
    .insertInto('hiring_stages')
    .values(DEFAULT_STAGES.map((stage, position) => ({ ...stage, campaign_id: campaign.id, position })))
    .returning(['id', 'kind', 'name'])
    .execute();
  const criterion = await db
    .insertInto('hiring_criteria')
    .values({ campaign_id: campaign.id, name: 'Technical skills', scale_max: 5, position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.teamIds?.length)
    await db
      .insertInto('hiring_team_members')
      .values(options.teamIds.map((user_id) => ({ campaign_id: campaign.id, user_id })))
      .execute();
  const stage = (kind: string, nth = 0) => stages.filter((s) => s.kind === kind)[nth]!.id;
  return { ...campaign, stages, stage, criterionId: criterion.id };
}

/** A candidate applied to a campaign (no resume file), written directly. */
export async function insertApplication(
  db: Db,
  campaign: { id: string; stage: (kind: string) => string },
  email = `cand-${Math.random().toString(16).slice(2)}@example.com`,
) {
  const candidate = await db
    .insertInto('candidates')
    .values({ first_name: 'An', last_name: 'Nguyen', email, phone: '0901234567', source: 'REFERRAL' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const application = await db
    .insertInto('hiring_applications')
    .values({ campaign_id: campaign.id, candidate_id: candidate.id, stage_id: campaign.stage('APPLIED') })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  return { ...application, candidateId: candidate.id, email };
}

/** Counts of every recruitment table: "nothing changed" compares two of these. */
export async function recruitmentState(db: Db) {
  const count = async (
    table:
      | 'hiring_campaigns'
      | 'hiring_stages'
      | 'hiring_criteria'
      | 'hiring_team_members'
      | 'candidates'
      | 'candidate_resumes'
      | 'hiring_applications'
      | 'hiring_stage_moves'
      | 'hiring_feedback'
      | 'hiring_feedback_scores'
      | 'users'
      | 'notifications'
      | 'audit_events',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stages = await db
    .selectFrom('hiring_applications')
    .select(['id', 'stage_id', 'version'])
    .orderBy('id')
    .execute();
  return {
    campaigns: await count('hiring_campaigns'),
    stages: await count('hiring_stages'),
    criteria: await count('hiring_criteria'),
    team: await count('hiring_team_members'),
    candidates: await count('candidates'),
    resumes: await count('candidate_resumes'),
    applications: stages,
    moves: await count('hiring_stage_moves'),
    feedback: await count('hiring_feedback'),
    scores: await count('hiring_feedback_scores'),
    users: await count('users'),
    notifications: await count('notifications'),
    audit: await count('audit_events'),
  };
}
