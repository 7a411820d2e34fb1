import type { MessageResponse } from '#common/schemas/common.ts'
import type { Post, PostBody, PostMutationResponse, PostPage } from '#common/schemas/posts.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const listPostsForAdmin = (page: number) =>
  apiRequest<PostPage>(`/api/posts/admin?page=${page}`)

export const getPost = (id: string) => apiRequest<Post>(`/api/posts/${encodeURIComponent(id)}`)

export const createPost = () =>
  apiRequest<PostMutationResponse>('/api/posts', { method: 'POST', body: {} })

export const updatePost = (id: string, body: PostBody) =>
  apiRequest<PostMutationResponse>(`/api/posts/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  })

export const deletePost = (id: string) =>
  apiRequest<MessageResponse>(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' })
