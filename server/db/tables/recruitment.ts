import type { ColumnType, Generated } from 'kysely';
import type {
  CampaignStatus,
  CandidateSource,
  Recommendation,
  StageKind,
} from '../../../shared/recruitment.schemas.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** The recruitment area's tables (migrations/20261128_0500_recruitment.ts). */

export interface HiringCampaignsTable {
  id: Generated<string>;
  position: string;
  department_id: string | null;
  openings: number;
  description: string | null;
  status: Defaulted<CampaignStatus>;
  opens_on: string | null;
  closes_on: string | null;
  feedback_due_days: Defaulted<number>;
  version: Defaulted<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface HiringTeamMembersTable {
  campaign_id: string;
  user_id: string;
}

export interface HiringStagesTable {
  id: Generated<string>;
  campaign_id: string;
  name: string;
  kind: StageKind;
  position: number;
}

export interface HiringCriteriaTable {
  id: Generated<string>;
  campaign_id: string;
  name: string;
  scale_max: number;
  position: number;
}

export interface CandidatesTable {
  id: Generated<string>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  source: CandidateSource;
  links: Defaulted<string[]>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Generated: names and email, lower-cased, without accents. */
  search_text: ColumnType<string, never, never>;
}

export interface CandidateResumesTable {
  id: Generated<string>;
  candidate_id: string;
  storage_key: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
  page_count: Defaulted<number>;
  text: Defaulted<string>;
  created_by: string | null;
  created_at: CreatedAt;
  /** Generated: the text's words, lower-cased and without accents. */
  search_vector: ColumnType<string, never, never>;
}

export interface HiringApplicationsTable {
  id: Generated<string>;
  campaign_id: string;
  candidate_id: string;
  stage_id: string;
  resume_id: string | null;
  applied_at: CreatedAt;
  moved_at: UpdatedAt;
  hired_employee_id: string | null;
  /** The company day the hiring team was last reminded of overdue feedback (once a day at most). */
  feedback_reminded_on: Defaulted<string | null>;
  version: Defaulted<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface HiringStageMovesTable {
  id: Generated<string>;
  application_id: string;
  from_stage_id: string | null;
  to_stage_id: string | null;
  /** The stages' names when moved: the history reads the same after a stage is renamed or removed. */
  from_name: string | null;
  to_name: string;
  reason: string;
  moved_by: string | null;
  moved_at: CreatedAt;
}

export interface HiringFeedbackTable {
  id: Generated<string>;
  application_id: string;
  stage_id: string;
  interviewer_id: string;
  recommendation: Recommendation;
  comment: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface HiringFeedbackScoresTable {
  feedback_id: string;
  criterion_id: string;
  score: number;
}

export interface RecruitmentTables {
  hiring_campaigns: HiringCampaignsTable;
  hiring_team_members: HiringTeamMembersTable;
  hiring_stages: HiringStagesTable;
  hiring_criteria: HiringCriteriaTable;
  candidates: CandidatesTable;
  candidate_resumes: CandidateResumesTable;
  hiring_applications: HiringApplicationsTable;
  hiring_stage_moves: HiringStageMovesTable;
  hiring_feedback: HiringFeedbackTable;
  hiring_feedback_scores: HiringFeedbackScoresTable;
}
