import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AdminBookingsQuerySchema,
  AdminBookingsSchema,
  BookingBodySchema,
  BookingCreatedSchema,
  BookingFeedSchema,
  BookingSlotsQuerySchema,
  BookingSlotsSchema,
  BookingTokenParamsSchema,
  BusyCalendarStateSchema,
  ManagedBookingResponseSchema,
  RescheduleBodySchema,
} from '#common/schemas/booking.ts'
import { ErrorResponseSchema, IdParamsSchema } from '#common/schemas/common.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import { notFound } from '#server/lib/http-errors.ts'
import type { BookingService } from './booking.service.ts'
import { ADMIN_ERRORS } from '#server/lib/route-schemas.ts'

const publicErrors = {
  400: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
}
const FEED_FILE = /^([\w-]{1,100})\.ics$/

export const bookingRoutes: FastifyPluginAsyncZod<{ booking: BookingService }> = async (
  app,
  { booking },
) => {
  app.get(
    '/slots',
    {
      schema: {
        querystring: BookingSlotsQuerySchema,
        response: { 200: BookingSlotsSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => booking.slots(request.query),
  )

  app.post(
    '/',
    {
      // Before the body is read or validated: every post counts against the attempts ceiling.
      onRequest: async (request) => booking.countAttempt(request.ip),
      schema: {
        body: BookingBodySchema,
        response: { 201: BookingCreatedSchema, ...publicErrors, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await booking.book(request.body, {
        client: request.ip,
        userAgent: request.headers['user-agent'],
      })
      return reply.code(201).send(created)
    },
  )

  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: AdminBookingsQuerySchema,
        response: { 200: AdminBookingsSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => booking.listAdmin(request.query),
  )

  app.post(
    '/admin/:id/cancel',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: {
          200: z.object({ booking: AdminBookingsSchema.shape.bookings.element }),
          ...ADMIN_ERRORS,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ booking: await booking.cancelAsOwner(request.params.id) }),
  )

  app.get(
    '/feed',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: BookingFeedSchema, ...ADMIN_ERRORS } },
    },
    async () => booking.feedUrl(),
  )

  app.get(
    '/busy',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: BusyCalendarStateSchema, ...ADMIN_ERRORS } },
    },
    async () => booking.busyCalendarState(),
  )

  app.post(
    '/feed/rotate',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: BookingFeedSchema, ...ADMIN_ERRORS } },
    },
    async () => booking.rotateFeed(),
  )

  app.get(
    '/feed/:file',
    {
      // The answer is an iCalendar file, not JSON: no response schema serializes it.
      schema: { params: z.object({ file: z.string().max(120) }) },
    },
    async (request, reply) => {
      const key = FEED_FILE.exec(request.params.file)?.[1]
      if (!key) throw notFound('Booking not found')
      const calendar = await booking.feed(key)
      // A secret address: no shared cache keeps it, and no search engine lists it.
      return reply
        .header('cache-control', CACHE_POLICY.privateRead)
        .header('x-robots-tag', 'noindex')
        .type('text/calendar; charset=utf-8')
        .send(calendar)
    },
  )

  app.get(
    '/:token',
    {
      schema: {
        params: BookingTokenParamsSchema,
        response: { 200: ManagedBookingResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex')
      return booking.byToken(request.params.token)
    },
  )

  app.post(
    '/:token/cancel',
    {
      schema: {
        params: BookingTokenParamsSchema,
        response: { 200: ManagedBookingResponseSchema, ...publicErrors },
      },
    },
    async (request) => booking.cancel(request.params.token, request.ip),
  )

  app.post(
    '/:token/reschedule',
    {
      schema: {
        params: BookingTokenParamsSchema,
        body: RescheduleBodySchema,
        response: { 200: ManagedBookingResponseSchema, ...publicErrors },
      },
    },
    async (request) => booking.reschedule(request.params.token, request.body, request.ip),
  )
}
