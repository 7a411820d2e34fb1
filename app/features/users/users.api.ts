import type { MessageResponse } from '#common/schemas/common.ts'
import type {
  ForgetPasswordBody,
  ProfileBody,
  ResetPasswordBody,
  Session,
  SignUpBody,
  UserPublic,
  UserUpdateBody,
  UsersPage,
} from '#common/schemas/users.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const signUp = (body: SignUpBody) =>
  apiRequest<Session>('/api/users/signup', { method: 'POST', body })

export const requestPasswordReset = (body: ForgetPasswordBody) =>
  apiRequest<MessageResponse>('/api/users/forget-password', { method: 'POST', body })

export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest<MessageResponse>('/api/users/reset-password', { method: 'POST', body })

export const updateProfile = (body: ProfileBody) =>
  apiRequest<Session>('/api/users/profile', { method: 'PUT', body })

export const signOutEverywhere = () =>
  apiRequest<MessageResponse>('/api/users/signout-everywhere', { method: 'POST' })

export const listUsers = (page: number) => apiRequest<UsersPage>(`/api/users/admin?page=${page}`)

export const getUser = (id: string) =>
  apiRequest<UserPublic>(`/api/users/${encodeURIComponent(id)}`)

export const updateUser = (id: string, body: UserUpdateBody) =>
  apiRequest<UserPublic>(`/api/users/${encodeURIComponent(id)}`, { method: 'PUT', body })

export const deleteUser = (id: string) =>
  apiRequest<MessageResponse>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' })
