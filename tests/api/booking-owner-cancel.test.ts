/**
 * The owner cancels a booked call from the admin (POST /api/booking/admin/{id}/cancel): the slot is
 * free again and the visitor gets the cancellation, as when they cancel from their manage link.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  AdminBookingsSchema,
  BookingCreatedSchema,
  BookingSlotsSchema,
} from '#common/schemas/booking.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

// A Friday noon in Berlin: the next Monday's 09:00 (UTC, the defaults' zone) is free.
const NOW = Date.parse('2026-03-20T12:00:00Z')
const START = '2026-03-23T09:00:00.000Z'

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, OWNER_EMAIL: 'owner@cancel.test', RATE_LIMIT_SCALE: '0' },
    now: () => new Date(NOW),
  })
  admin = (await asAdmin(app)).headers
  const current = SiteSettingsSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json(),
  )
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin,
    payload: { ...current, booking: { ...BOOKING_DEFAULTS, enabled: true } },
  })
  expect(saved.statusCode).toBe(200)
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

async function slotStarts() {
  const res = await app.inject({
    method: 'GET',
    url: '/api/booking/slots?from=2026-03-23&to=2026-03-23&duration=20',
  })
  return BookingSlotsSchema.parse(res.json()).slots.map((slot) => slot.start)
}

describe('POST /api/booking/admin/:id/cancel', () => {
  it('cancels the call, frees its slot and tells the visitor', async () => {
    const booked = await app.inject({
      method: 'POST',
      url: '/api/booking',
      payload: {
        start: START,
        duration: 20,
        name: 'Casey Visitor',
        email: 'casey@cancel.test',
        timeZone: 'America/New_York',
      },
    })
    expect(booked.statusCode).toBe(201)
    const { booking } = BookingCreatedSchema.parse(booked.json())
    expect(await slotStarts()).not.toContain(START)

    const visitor = await asUser(app)
    const url = `/api/booking/admin/${booking._id}/cancel`
    expectError(await app.inject({ method: 'POST', url }), 401)
    expectError(await app.inject({ method: 'POST', url, headers: visitor.headers }), 403)

    const res = await app.inject({ method: 'POST', url, headers: admin })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ booking: { _id: booking._id, status: 'cancelled' } })
    expect(await slotStarts()).toContain(START)
    const upcoming = AdminBookingsSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/booking/admin?upcoming=true', headers: admin })
      ).json(),
    )
    expect(upcoming.bookings.map((b) => b._id)).not.toContain(booking._id)
    await vi.waitFor(() => {
      const mails = smtp.mailsTo('casey@cancel.test')
      expect(mails.some((mail) => /cancel/i.test(mail.subject))).toBe(true)
    }, ASYNC_WORK)

    expectError(await app.inject({ method: 'POST', url, headers: admin }), 409)
  })

  it('answers 404 for an id that names no booking', async () => {
    expectError(
      await app.inject({
        method: 'POST',
        url: '/api/booking/admin/00000000-0000-4000-8000-000000000000/cancel',
        headers: admin,
      }),
      404,
    )
  })
})
