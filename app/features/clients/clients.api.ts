import type { Client, ClientBody } from '#common/schemas/clients.ts'
import { apiRequest } from '#app/lib/api-client.ts'

type NewClient = Partial<ClientBody> & Pick<ClientBody, 'name' | 'email'>

export const listClients = () => apiRequest<{ clients: Client[]; total: number }>('/api/clients')

export const getClient = (id: string) => apiRequest<{ client: Client }>(`/api/clients/${id}`)

export const createClient = (body: NewClient) =>
  apiRequest<{ client: Client }>('/api/clients', { method: 'POST', body })

export const updateClient = (id: string, body: NewClient) =>
  apiRequest<{ client: Client }>(`/api/clients/${id}`, { method: 'PUT', body })

export const deleteClient = (id: string) =>
  apiRequest<{ message: string }>(`/api/clients/${id}`, { method: 'DELETE' })
