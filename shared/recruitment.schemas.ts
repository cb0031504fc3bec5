import { Type, type Static, type TSchema } from 'typebox';
import { Name, NonBlankString, SearchText, Text, TEXT_MAX, Uuid } from './common.schemas.ts';
import { CONTRACT_TYPES, DateString } from './employees.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';

/**
 * Recruitment (spec sections 1-2: hiring campaigns, `all-resume`, a campaign's board and `compare`;
 * the entities are "not shown", so they are designed here and documented in the README): campaigns
 * with their hiring team, pipeline stages and scorecard criteria; candidates applying with a PDF
 * resume whose text is searchable; moves between stages with a reason; interview feedback scored
 * per criterion; the side-by-side comparison; and hiring, which invites a PENDING employee.
 */

export const CAMPAIGN_STATUSES = ['DRAFT', 'OPEN', 'ON_HOLD', 'CLOSED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** What a stage means to the rules: exactly one APPLIED (first), one HIRED and one REJECTED per pipeline. */
export const STAGE_KINDS = ['APPLIED', 'SCREENING', 'INTERVIEW', 'OFFER', 'HIRED', 'REJECTED'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
/** Stages where interviewers give scored feedback. */
export const FEEDBACK_STAGE_KINDS: readonly StageKind[] = ['SCREENING', 'INTERVIEW'];
export const CANDIDATE_SOURCES = [
  'REFERRAL',
  'JOB_BOARD',
  'LINKEDIN',
  'COMPANY_WEBSITE',
  'AGENCY',
  'OTHER',
] as const;
export type CandidateSource = (typeof CANDIDATE_SOURCES)[number];
export const RECOMMENDATIONS = ['STRONG_YES', 'YES', 'NO', 'STRONG_NO'] as const;
/** The all-resume search ranks its newest 200 matches by relevance (README "Recruitment"). */
export const RESUME_RANK_WINDOW = 200;
/** It counts and lists at most 1,000 matches: more are shown as "1,000+" (README "Recruitment"). */
export const RESUME_COUNT_CAP = 1000;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

/** Resumes are PDFs of at most 10 MB (spec section 5: employee documents), checked by content. */
export const RESUME_MAX_MB = 10;
export const RESUME_TYPES = ['application/pdf'] as const;
export const MAX_STAGES = 15;
export const MAX_CRITERIA = 12;
export const MAX_HIRING_TEAM = 30;
export const MAX_CANDIDATE_LINKS = 5;
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
/** The board shows at most this many candidates per request (the page size's ceiling). */
export const BOARD_PAGE_SIZE = 100;

/** The pipeline a new campaign starts with when none is given. */
export const DEFAULT_STAGES: ReadonlyArray<{ name: string; kind: StageKind }> = [
  { name: 'Applied', kind: 'APPLIED' },
  { name: 'Screening', kind: 'SCREENING' },
  { name: 'Interview 1', kind: 'INTERVIEW' },
  { name: 'Interview 2', kind: 'INTERVIEW' },
  { name: 'Offer', kind: 'OFFER' },
  { name: 'Hired', kind: 'HIRED' },
  { name: 'Rejected', kind: 'REJECTED' },
];

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Phone = Type.String({ pattern: '^\\+?[0-9][0-9 ().-]{5,19}$', maxLength: 20 });
const Link = Type.String({ format: 'uri', maxLength: 500, pattern: '^https?://' });

export const StageInput = Type.Object(
  {
    /** An existing stage of this campaign (kept, renamed or moved); left out, a new stage. */
    id: Type.Optional(Uuid),
    name: Name(100),
    kind: Type.Enum(STAGE_KINDS),
  },
  { additionalProperties: false },
);
export type StageInput = Static<typeof StageInput>;

export const CriterionInput = Type.Object(
  {
    id: Type.Optional(Uuid),
    name: Name(100),
    /** Scores go from 1 to this. */
    scaleMax: Type.Integer({ minimum: 2, maximum: 10 }),
  },
  { additionalProperties: false },
);
export type CriterionInput = Static<typeof CriterionInput>;

const campaignFields = {
  position: Name(150),
  departmentId: Type.Optional(Nullable(Uuid)),
  openings: Type.Integer({ minimum: 1, maximum: 1000 }),
  description: Type.Optional(Nullable(Text(TEXT_MAX))),
  status: Type.Optional(Type.Enum(CAMPAIGN_STATUSES)),
  opensOn: Type.Optional(Nullable(DateString)),
  closesOn: Type.Optional(Nullable(DateString)),
  /** Days an interviewer has to give feedback once a candidate enters an interview stage. */
  feedbackDueDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
  hiringTeamIds: Type.Array(Uuid, { maxItems: MAX_HIRING_TEAM }),
  /** The pipeline in order; left out on creation, the default one (DEFAULT_STAGES). */
  stages: Type.Optional(Type.Array(StageInput, { minItems: 3, maxItems: MAX_STAGES })),
  criteria: Type.Optional(Type.Array(CriterionInput, { maxItems: MAX_CRITERIA })),
};

export const CampaignBody = Type.Object(campaignFields, { additionalProperties: false });
export type CampaignBody = Static<typeof CampaignBody>;
export const CampaignUpdateBody = Type.Object(
  { ...campaignFields, version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type CampaignUpdateBody = Static<typeof CampaignUpdateBody>;

export const CampaignQuery = Type.Object(
  {
    search: Type.Optional(SearchText(150)),
    status: Type.Optional(Type.Array(Type.Enum(CAMPAIGN_STATUSES), { maxItems: 4 })),
    departmentId: Type.Optional(Uuid),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type CampaignQuery = Static<typeof CampaignQuery>;

const PersonRef = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
});
export type RecruitmentPerson = Static<typeof PersonRef>;

export const Stage = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: Type.Enum(STAGE_KINDS),
  position: Type.Integer(),
  candidateCount: Type.Integer(),
});
export type Stage = Static<typeof Stage>;
export const Criterion = Type.Object({ id: Type.String(), name: Type.String(), scaleMax: Type.Integer() });
export type Criterion = Static<typeof Criterion>;

export const CampaignAbilities = Type.Object({
  edit: Type.Boolean(),
  addCandidate: Type.Boolean(),
  move: Type.Boolean(),
  giveFeedback: Type.Boolean(),
  hire: Type.Boolean(),
});

export const Campaign = Type.Object({
  id: Type.String(),
  position: Type.String(),
  department: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  openings: Type.Integer(),
  description: Nullable(Type.String()),
  status: Type.Enum(CAMPAIGN_STATUSES),
  opensOn: Nullable(Type.String()),
  closesOn: Nullable(Type.String()),
  feedbackDueDays: Type.Integer(),
  hiringTeam: Type.Array(PersonRef),
  stages: Type.Array(Stage),
  criteria: Type.Array(Criterion),
  candidateCount: Type.Integer(),
  hiredCount: Type.Integer(),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: CampaignAbilities,
});
export type Campaign = Static<typeof Campaign>;
export const CampaignPage = Paged(Campaign);
export type CampaignPage = Static<typeof CampaignPage>;

/** A candidate's details as sent with an application (a multipart form: these as text parts, `resume` a PDF). */
export const ApplicationBody = Type.Object(
  {
    firstName: Name(100),
    lastName: Name(100),
    email: Type.String({ format: 'email', maxLength: 255 }),
    phone: Type.Optional(Nullable(Phone)),
    source: Type.Enum(CANDIDATE_SOURCES),
    links: Type.Optional(Type.Array(Link, { maxItems: MAX_CANDIDATE_LINKS })),
  },
  { additionalProperties: false },
);
export type ApplicationBody = Static<typeof ApplicationBody>;

export const CampaignParams = Type.Object({ id: Uuid });
export const ApplicationQuery = Type.Object(
  {
    search: Type.Optional(SearchText(150)),
    stageId: Type.Optional(Uuid),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type ApplicationQuery = Static<typeof ApplicationQuery>;

export const Candidate = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  source: Type.Enum(CANDIDATE_SOURCES),
  links: Type.Array(Type.String()),
});
export type Candidate = Static<typeof Candidate>;

export const ResumeRef = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  sizeBytes: Type.Integer(),
  pageCount: Type.Integer(),
  /** False for a scanned PDF without a text layer: it cannot be searched. */
  hasText: Type.Boolean(),
  uploadedAt: Type.String(),
});
export type ResumeRef = Static<typeof ResumeRef>;

export const ApplicationAbilities = Type.Object({
  move: Type.Boolean(),
  giveFeedback: Type.Boolean(),
  hire: Type.Boolean(),
});

export const Application = Type.Object({
  id: Type.String(),
  campaignId: Type.String(),
  candidate: Candidate,
  stage: Type.Object({ id: Type.String(), name: Type.String(), kind: Type.Enum(STAGE_KINDS) }),
  resume: Nullable(ResumeRef),
  appliedAt: Type.String(),
  movedAt: Type.String(),
  feedbackCount: Type.Integer(),
  /** The mean of every score given, each scaled to 0-100 % of its criterion's scale. */
  averagePercent: Nullable(Type.Number()),
  hiredEmployeeId: Nullable(Type.String()),
  version: Type.Integer(),
  abilities: ApplicationAbilities,
});
export type Application = Static<typeof Application>;
export const ApplicationPage = Paged(Application);
export type ApplicationPage = Static<typeof ApplicationPage>;

export const StageMove = Type.Object({
  id: Type.String(),
  from: Nullable(Type.String()),
  to: Type.String(),
  reason: Type.String(),
  movedBy: Nullable(PersonRef),
  movedAt: Type.String(),
});
export const Feedback = Type.Object({
  id: Type.String(),
  stage: Type.Object({ id: Type.String(), name: Type.String() }),
  interviewer: PersonRef,
  recommendation: Type.Enum(RECOMMENDATIONS),
  comment: Nullable(Type.String()),
  scores: Type.Array(Type.Object({ criterionId: Type.String(), score: Type.Integer() })),
  updatedAt: Type.String(),
});
export type Feedback = Static<typeof Feedback>;

export const ApplicationDetail = Type.Object({
  ...Application.properties,
  moves: Type.Array(StageMove),
  feedback: Type.Array(Feedback),
  /** Interview stages the candidate has reached whose feedback the caller still owes. */
  feedbackDue: Type.Array(Type.Object({ stageId: Type.String(), stageName: Type.String() })),
});
export type ApplicationDetail = Static<typeof ApplicationDetail>;

export const MoveBody = Type.Object(
  { stageId: Uuid, reason: NonBlankString(1000), version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type MoveBody = Static<typeof MoveBody>;

export const FeedbackBody = Type.Object(
  {
    stageId: Uuid,
    recommendation: Type.Enum(RECOMMENDATIONS),
    comment: Type.Optional(Nullable(Text(TEXT_MAX))),
    scores: Type.Array(
      Type.Object(
        { criterionId: Uuid, score: Type.Integer({ minimum: -1000, maximum: 1000 }) },
        { additionalProperties: false },
      ),
      { maxItems: MAX_CRITERIA },
    ),
  },
  { additionalProperties: false },
);
export type FeedbackBody = Static<typeof FeedbackBody>;

export const HireBody = Type.Object(
  {
    onboardDate: Type.Optional(Nullable(DateString)),
    contractType: Type.Optional(Nullable(Type.Enum(CONTRACT_TYPES))),
    employeeRoleId: Type.Optional(Nullable(Uuid)),
    /** Left out: the campaign's department. */
    departmentId: Type.Optional(Nullable(Uuid)),
    /** Kept in the stage history (left out: the new employee's email). */
    reason: Type.Optional(Text(1000)),
  },
  { additionalProperties: false },
);
export type HireBody = Static<typeof HireBody>;
export const HireResult = Type.Object({ application: Application, employeeId: Type.String() });
export type HireResult = Static<typeof HireResult>;

export const CompareQuery = Type.Object(
  { applicationIds: Type.Array(Uuid, { minItems: COMPARE_MIN, maxItems: COMPARE_MAX }) },
  { additionalProperties: false },
);
export type CompareQuery = Static<typeof CompareQuery>;

/** What the comparison shows of a resume: read from its text, so only as good as the PDF's text layer. */
export const ResumeFacts = Type.Object({
  pageCount: Type.Integer(),
  wordCount: Type.Integer(),
  /** The largest "N years" the resume mentions (English or Vietnamese "N năm"), if any. */
  yearsOfExperience: Nullable(Type.Integer()),
  /** The first lines of text: usually the name, the title and the summary. */
  headline: Type.Array(Type.String()),
  links: Type.Array(Type.String()),
});
export type ResumeFacts = Static<typeof ResumeFacts>;

export const ComparedCandidate = Type.Object({
  application: Application,
  facts: Nullable(ResumeFacts),
  /** Per criterion: each interviewer's scores (every stage) and the criterion's mean. */
  criteria: Type.Array(
    Type.Object({
      criterionId: Type.String(),
      scores: Type.Array(
        Type.Object({ interviewerId: Type.String(), stageName: Type.String(), score: Type.Integer() }),
      ),
      average: Nullable(Type.Number()),
    }),
  ),
  feedback: Type.Array(Feedback),
});
export const Comparison = Type.Object({
  campaign: Type.Object({ id: Type.String(), position: Type.String() }),
  criteria: Type.Array(Criterion),
  interviewers: Type.Array(PersonRef),
  candidates: Type.Array(ComparedCandidate),
});
export type Comparison = Static<typeof Comparison>;

export const ResumeQuery = Type.Object(
  { search: Type.Optional(SearchText(200)), ...PageQueryFields },
  { additionalProperties: false },
);
export type ResumeQuery = Static<typeof ResumeQuery>;
export const ResumeHit = Type.Object({
  resume: ResumeRef,
  candidate: Candidate,
  /** Where the search words appear in the text (or the text's start without a search). */
  snippet: Type.String(),
  applications: Type.Array(
    Type.Object({
      id: Type.String(),
      campaignId: Type.String(),
      position: Type.String(),
      stageName: Type.String(),
    }),
  ),
});
export type ResumeHit = Static<typeof ResumeHit>;
/** `totalCapped`: more resumes match than are counted (`total` is then the cap, shown as "1,000+"). */
export const ResumePage = Type.Object({ ...Paged(ResumeHit).properties, totalCapped: Type.Boolean() });
export type ResumePage = Static<typeof ResumePage>;

export const ApplicationParams = Type.Object({ id: Uuid });
export const ResumeParams = Type.Object({ id: Uuid });
export const CandidateParams = Type.Object({ id: Uuid });
