import type { Client, ClientBody } from '#common/schemas/clients.ts'
import type { Proposal, ProposalBody, TermsTemplate } from '#common/schemas/proposals.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const listClients = () => apiRequest<{ clients: Client[]; total: number }>('/api/clients')

export const createClient = (body: Partial<ClientBody> & Pick<ClientBody, 'name' | 'email'>) =>
  apiRequest<{ client: Client }>('/api/clients', { method: 'POST', body })

export const deleteClient = (id: string) =>
  apiRequest<{ message: string }>(`/api/clients/${id}`, { method: 'DELETE' })

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
