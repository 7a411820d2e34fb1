import type {
  Proposal,
  ProposalBody,
  TermsTemplate,
  TermsTemplateBody,
} from '#common/schemas/proposals.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const listProposals = () =>
  apiRequest<{ proposals: Proposal[]; total: number }>('/api/proposals')

export const getProposal = (id: string) =>
  apiRequest<{ proposal: Proposal }>(`/api/proposals/${id}`)

export const createProposal = (body: ProposalBody) =>
  apiRequest<{ proposal: Proposal }>('/api/proposals', { method: 'POST', body })

export const updateProposal = (id: string, body: ProposalBody) =>
  apiRequest<{ proposal: Proposal }>(`/api/proposals/${id}`, { method: 'PUT', body })

export const deleteProposal = (id: string) =>
  apiRequest<{ message: string }>(`/api/proposals/${id}`, { method: 'DELETE' })

export const sendProposal = (id: string) =>
  apiRequest<{ proposal: Proposal }>(`/api/proposals/${id}/send`, { method: 'POST' })

export const listTermsTemplates = () =>
  apiRequest<{ templates: TermsTemplate[] }>('/api/proposals/terms-templates')

export const createTermsTemplate = (body: TermsTemplateBody) =>
  apiRequest<TermsTemplate>('/api/proposals/terms-templates', { method: 'POST', body })

export const updateTermsTemplate = (id: string, body: TermsTemplateBody) =>
  apiRequest<TermsTemplate>(`/api/proposals/terms-templates/${id}`, { method: 'PUT', body })

export const deleteTermsTemplate = (id: string) =>
  apiRequest<{ message: string }>(`/api/proposals/terms-templates/${id}`, { method: 'DELETE' })
