import type { MessageResponse } from '#common/schemas/common.ts'
import type {
  AdminTestimonial,
  AdminTestimonialList,
  TestimonialRequestBody,
  TestimonialRequestList,
  TestimonialRequestResponse,
  TestimonialUpdateBody,
} from '#common/schemas/testimonials.ts'
import { apiRequest } from '#app/lib/api-client.ts'

const testimonialPath = (id: string) => `/api/testimonials/${encodeURIComponent(id)}`

export const listTestimonialsForAdmin = () =>
  apiRequest<AdminTestimonialList>('/api/testimonials/admin')

/** Mails the client a one-time link to the testimonial form. */
export const requestTestimonial = (body: TestimonialRequestBody) =>
  apiRequest<TestimonialRequestResponse>('/api/testimonials/requests', { method: 'POST', body })

export const listTestimonialRequests = () =>
  apiRequest<TestimonialRequestList>('/api/testimonials/requests')

export const resendTestimonialRequest = (id: string) =>
  apiRequest<MessageResponse>(`/api/testimonials/requests/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
  })

export const updateTestimonial = (id: string, body: TestimonialUpdateBody) =>
  apiRequest<{ testimonial: AdminTestimonial }>(testimonialPath(id), { method: 'PUT', body })

export const reorderTestimonials = (ids: string[]) =>
  apiRequest<{ testimonials: AdminTestimonial[] }>('/api/testimonials/order', {
    method: 'PUT',
    body: { ids },
  })

export const deleteTestimonial = (id: string) =>
  apiRequest<MessageResponse>(testimonialPath(id), { method: 'DELETE' })
