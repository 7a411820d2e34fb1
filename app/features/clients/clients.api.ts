import { CLIENT_FILE_FIELD, type ClientFile } from '#common/schemas/client-files.ts'
import type { Client, ClientBody } from '#common/schemas/clients.ts'
import type { Project, ProjectBody } from '#common/schemas/projects.ts'
import { apiRequest, downloadApiFile } from '#app/lib/api-client.ts'

type NewClient = Partial<ClientBody> & Pick<ClientBody, 'name' | 'email'>

export const listClients = () => apiRequest<{ clients: Client[]; total: number }>('/api/clients')

export const getClient = (id: string) => apiRequest<{ client: Client }>(`/api/clients/${id}`)

export const createClient = (body: NewClient) =>
  apiRequest<{ client: Client }>('/api/clients', { method: 'POST', body })

export const updateClient = (id: string, body: NewClient) =>
  apiRequest<{ client: Client }>(`/api/clients/${id}`, { method: 'PUT', body })

export const deleteClient = (id: string) =>
  apiRequest<{ message: string }>(`/api/clients/${id}`, { method: 'DELETE' })

export const listClientProjects = (clientId: string) =>
  apiRequest<{ projects: Project[]; total: number }>(`/api/projects?clientId=${clientId}`)

export const createProject = (body: ProjectBody) =>
  apiRequest<{ project: Project }>('/api/projects', { method: 'POST', body })

export const updateProject = (id: string, body: ProjectBody) =>
  apiRequest<{ project: Project }>(`/api/projects/${id}`, { method: 'PUT', body })

export const deleteProject = (id: string) =>
  apiRequest<{ message: string }>(`/api/projects/${id}`, { method: 'DELETE' })

export const listClientFiles = (clientId: string) =>
  apiRequest<{ files: ClientFile[] }>(`/api/clients/${clientId}/files`)

/** Sends the file as the multipart field the API reads. */
export function uploadClientFile(clientId: string, file: File) {
  const body = new FormData()
  body.append(CLIENT_FILE_FIELD, file)
  return apiRequest<{ file: ClientFile }>(`/api/clients/${clientId}/files`, {
    method: 'POST',
    body,
  })
}

export const downloadClientFile = (clientId: string, file: ClientFile) =>
  downloadApiFile(`/api/clients/${clientId}/files/${file._id}`, file.name)

export const deleteClientFile = (clientId: string, fileId: string) =>
  apiRequest<{ message: string }>(`/api/clients/${clientId}/files/${fileId}`, { method: 'DELETE' })

/** Mails the client a sign-in link to their room (the room's own form does the same). */
export const sendRoomLink = (email: string) =>
  apiRequest<{ message: string }>('/api/client/sign-in', { method: 'POST', body: { email } })

/** Signs the client out of their room on every device. */
export const endRoomSessions = (clientId: string) =>
  apiRequest<{ message: string; ended: number }>(`/api/clients/${clientId}/sessions`, {
    method: 'DELETE',
  })
