import type {
  Application,
  ApplicationBody,
  ApplicationDetail,
  ApplicationPage,
  Campaign,
  CampaignBody,
  CampaignPage,
  CampaignQuery,
  CampaignUpdateBody,
  Comparison,
  FeedbackBody,
  HireBody,
  HireResult,
  MoveBody,
  ResumePage,
} from '../../../shared/recruitment.schemas.ts';
import { formBlob } from '../../api/form-blob.ts';
import { api, apiBlob, toQuery } from '../../api/http.ts';

/** Recruitment's calls: thin functions over `api()` (docs/client-conventions.md). */

export type CampaignListParams = CampaignQuery & { page: number; perPage: number };
export type ResumeListParams = { search?: string; page: number; perPage: number };

export const recruitmentApi = {
  campaigns: (params: CampaignListParams) => api<CampaignPage>(`/hiring-campaigns${toQuery({ ...params })}`),
  campaign: (id: string) => api<Campaign>(`/hiring-campaigns/${id}`),
  createCampaign: (input: CampaignBody) =>
    api<Campaign>('/hiring-campaigns', { method: 'POST', body: input }),
  updateCampaign: (id: string, input: CampaignUpdateBody) =>
    api<Campaign>(`/hiring-campaigns/${id}`, { method: 'PUT', body: input }),
  board: (id: string) =>
    api<ApplicationPage>(`/hiring-campaigns/${id}/applications${toQuery({ page: 1, perPage: 100 })}`),
  addCandidate: (campaignId: string, input: ApplicationBody, resume: File | null) =>
    api<Application>(`/hiring-campaigns/${campaignId}/applications`, {
      method: 'POST',
      file: formBlob(
        {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone ?? '',
          source: input.source,
          links: input.links ?? [],
        },
        resume ? { resume } : {},
      ),
    }),
  application: (id: string) => api<ApplicationDetail>(`/hiring-applications/${id}`),
  move: (id: string, input: MoveBody) =>
    api<Application>(`/hiring-applications/${id}/move`, { method: 'POST', body: input }),
  feedback: (id: string, input: FeedbackBody) =>
    api<ApplicationDetail>(`/hiring-applications/${id}/feedback`, { method: 'PUT', body: input }),
  hire: (id: string, input: HireBody) =>
    api<HireResult>(`/hiring-applications/${id}/hire`, { method: 'POST', body: input }),
  compare: (campaignId: string, applicationIds: string[]) =>
    api<Comparison>(`/hiring-campaigns/${campaignId}/compare${toQuery({ applicationIds })}`),
  eraseCandidate: (candidateId: string) => api<void>(`/candidates/${candidateId}`, { method: 'DELETE' }),
  resumes: (params: ResumeListParams) => api<ResumePage>(`/resumes${toQuery({ ...params })}`),
  resumeFile: (id: string) => apiBlob(`/resumes/${id}/file`),
};
