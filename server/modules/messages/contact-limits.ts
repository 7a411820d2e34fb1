/**
 * The contact form's limits, one definition for both ways a visitor sends it: the API call
 * (`POST /api/messages/contact`) and the /contact page's form action, which works without
 * JavaScript (React Router posts to /contact.data when it runs). Every post counts against the
 * attempts ceiling; only valid ones use up the allowance.
 */
import type { FastifyInstance } from 'fastify'

export const CONTACT_PAGE_ACTIONS = ['/contact', '/contact.data'] as const

export const contactLimits = (app: FastifyInstance) => ({
  config: { rateLimit: app.rateLimitFor('contactAttempts') },
  ...app.acceptedLimitFor('contact'),
})
